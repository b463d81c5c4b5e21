package org.numaloom.locks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * Runs a main class of the test class path in a child JVM with a given number of virtual-thread
 * carriers, and kills it if it outlives its time.
 *
 * <p>Scenarios that may hang run here rather than in the test JVM, for two reasons: the number of
 * carriers is fixed when a JVM starts, and a carrier spinning forever cannot be stopped from
 * inside the JVM, so a hang is detected only from outside.
 *
 * <p>The child gets the kit's JVM flags from the system property {@value #FLAGS_PROPERTY}, which
 * the build (surefire, from pom.xml's {@code numaloom.jvmFlags}) and {@code ./numaloom} set.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** How a child run ended: killed after its time ({@code hung}), or with an exit code and output. */
    public record Result(boolean hung, int exitCode, String output) {
    }

    /** The system property that holds the kit's JVM flags, separated by blanks. */
    public static final String FLAGS_PROPERTY = "numaloom.jvmFlags";

    /** {@code carriers} for the JVM's own choice of carriers (one per CPU). */
    public static final int DEFAULT_CARRIERS = 0;

    /**
     * @param carriers the scheduler's parallelism and maximum pool size, so that no carrier is
     *                 added to compensate for a pinned one; or {@link #DEFAULT_CARRIERS}
     */
    public static Result run(Class<?> mainClass, int carriers, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        List<String> jvmOptions = new ArrayList<>(kitFlags());
        jvmOptions.addAll(carrierOptions(carriers));
        return run(mainClass, jvmOptions, timeoutSeconds, args);
    }

    /**
     * Like {@link #run(Class, int, long, String...)}, with exactly the given JVM options (build
     * them from {@link #kitFlags()} and {@link #carrierOptions(int)}).
     */
    public static Result run(Class<?> mainClass, List<String> jvmOptions, long timeoutSeconds, String... args)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(mainClass.getSimpleName(), ".log");
        try {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmOptions);
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

    /**
     * For the main method of a scenario that takes one argument, a lock's name
     * ({@link LockCases#named}): that lock, new; with any other arguments, the usage line and exit
     * status 2.
     */
    public static Lock lockNamedBy(String[] args, Class<?> scenario) {
        if (args.length != 1) {
            System.err.println("usage: " + scenario.getSimpleName() + " LOCK_NAME");
            System.exit(2);
        }
        return LockCases.named(args[0]).create();
    }

    /**
     * The options that give the scheduler {@code carriers} carriers and no more (none for
     * {@link #DEFAULT_CARRIERS}).
     */
    public static List<String> carrierOptions(int carriers) {
        if (carriers == DEFAULT_CARRIERS) {
            return List.of();
        }
        return List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers,
                "-Djdk.virtualThreadScheduler.maxPoolSize=" + carriers);
    }

    /** The kit's JVM flags, from {@value #FLAGS_PROPERTY}; a JVM started without them is an error. */
    public static List<String> kitFlags() {
        String flags = System.getProperty(FLAGS_PROPERTY, "").strip();
        if (flags.isEmpty()) {
            throw new IllegalStateException("-D" + FLAGS_PROPERTY + " is not set: a child JVM would run without the kit's"
                    + " JVM flags. The build (surefire) and ./numaloom set it from pom.xml's numaloom.jvmFlags;"
                    + " elsewhere pass -D" + FLAGS_PROPERTY + "=\"FLAG FLAG...\" with the flags this JVM got.");
        }
        return List.of(flags.split("\\s+"));
    }

    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }
}
