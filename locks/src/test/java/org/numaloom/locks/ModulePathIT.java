package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.jna.Native;

/**
 * The library's jar as a consumer on the module path sees it: a module that declares
 * {@code requires org.numaloom.locks} compiles against the jar this build made and runs a lock.
 * That name comes from the jar's {@code Automatic-Module-Name}; without it the jar's module would be
 * named after its file ({@code numaloom.locks}) and the consumer would not compile.
 *
 * <p>An integration test (failsafe, after {@code package}): it needs the jar itself, which the
 * {@code test} phase has not made yet.
 */
class ModulePathIT {
    private static final String CONSUMER_MODULE = """
            module numaloom.consumer {
                requires org.numaloom.locks;
            }
            """;

    private static final String CONSUMER_MAIN = """
            package numaloom.consumer;

            import java.util.concurrent.locks.Lock;

            import org.numaloom.locks.placement.CpuLocator;
            import org.numaloom.locks.registry.LockRegistry;

            public class Main {
                public static void main(String[] args) {
                    Lock lock = LockRegistry.create("NUMA_MCS");
                    lock.lock();
                    try {
                        System.out.println("module " + LockRegistry.class.getModule().getName()
                                + " locks " + LockRegistry.names()
                                + " carriers visible " + CpuLocator.carriersVisible());
                    } finally {
                        lock.unlock();
                    }
                }
            }
            """;

    @Test
    void aModuleThatRequiresOrgNumaloomLocksCompilesAndRunsAgainstTheJar(@TempDir Path dir)
            throws IOException, InterruptedException, java.net.URISyntaxException {
        String jarProperty = System.getProperty("numaloom.locks.jar");
        assertNotNull(jarProperty, "failsafe sets numaloom.locks.jar to the jar this build made");
        Path jar = Path.of(jarProperty);
        assertTrue(Files.isRegularFile(jar), jar + " does not exist: run this test after package (mvn verify)");
        Path jna = Path.of(Native.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String modulePath = jar + File.pathSeparator + jna;

        Path sources = dir.resolve("src");
        Files.createDirectories(sources.resolve("numaloom/consumer"));
        Files.writeString(sources.resolve("module-info.java"), CONSUMER_MODULE);
        Files.writeString(sources.resolve("numaloom/consumer/Main.java"), CONSUMER_MAIN);
        Path classes = dir.resolve("classes");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "this test needs a JDK (javac), not a runtime alone");
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int compiled = javac.run(null, diagnostics, diagnostics, "-d", classes.toString(),
                "--module-path", modulePath,
                sources.resolve("module-info.java").toString(), sources.resolve("numaloom/consumer/Main.java").toString());
        assertEquals(0, compiled, "a module that requires org.numaloom.locks does not compile against " + jar.getFileName()
                + " (is Automatic-Module-Name missing from its manifest?):\n"
                + diagnostics.toString(StandardCharsets.UTF_8));

        // On the module path the library's flags name its module (and JNA's) instead of ALL-UNNAMED.
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=com.sun.jna",
                "--add-opens", "java.base/java.lang=org.numaloom.locks",
                "--module-path", modulePath + File.pathSeparator + classes,
                "--module", "numaloom.consumer/numaloom.consumer.Main");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try (var in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the consumer did not end within 60 s: " + output);
        assertEquals(0, process.exitValue(), String.join(" ", command) + "\n" + output);
        assertTrue(output.contains("module org.numaloom.locks locks [NUMA_MCS, CNA, MCS, HMCS, UNFAIR_REENTRANT, FAIR_REENTRANT]"
                + " carriers visible true"), output);
        assertFalse(output.contains("WARNING"), "the flags above should leave the JVM quiet:\n" + output);
    }
}
