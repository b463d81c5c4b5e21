package org.numaloom.locks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of the test class path in a child JVM with a given number of virtual-thread
 * carriers, and kills it if it outlives its time.
 *
 * <p>Scenarios that may hang run here rather than in the test JVM, for two reasons: the number of
 * carriers is fixed when a JVM starts, and a carrier spinning forever cannot be stopped from
 * inside the JVM, so a hang is detected only from outside.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** How a child run ended: killed after its time ({@code hung}), or with an exit code and output. */
    public record Result(boolean hung, int exitCode, String output) {
    }

    /** {@code carriers} for the JVM's own choice of carriers (one per CPU). */
    public static final int DEFAULT_CARRIERS = 0;

    /**
     * @param carriers the scheduler's parallelism and maximum pool size, so that no carrier is
     *                 added to compensate for a pinned one; or {@link #DEFAULT_CARRIERS}
     */
    public static Result run(Class<?> mainClass, int carriers, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(mainClass.getSimpleName(), ".log");
        try {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/java.lang=ALL-UNNAMED"));
            if (carriers != DEFAULT_CARRIERS) {
                command.addAll(List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers,
                        "-Djdk.virtualThreadScheduler.maxPoolSize=" + carriers));
            }
            command.addAll(List.of("-cp", testClassPath(), mainClass.getName()));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!finished) {
                process.destroyForcibly().waitFor();
            }
            String output = Files.readString(log, StandardCharsets.UTF_8).strip();
            return new Result(!finished, finished ? process.exitValue() : -1, output);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
