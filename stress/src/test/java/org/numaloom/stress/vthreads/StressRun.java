package org.numaloom.stress.vthreads;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.numaloom.locks.BrokenLocks;
import org.numaloom.locks.ChildJvm;
import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;

/**
 * The {@link VirtualThreadStress} harness from the command line ({@code numaloom stress}): every
 * chosen lock on every chosen number of carriers, each run in its own JVM ({@link ChildJvm}), the
 * way {@link VirtualThreadStressTest} runs it inside the build, with the same defaults.
 *
 * <p>Prints one line per run ({@code PASSED ...}, {@code FAILED ...}, or that the JVM was killed),
 * keeps each run's whole output (a failure's thread dump included) in the report directory, and
 * exits 0 if every real lock passed every run and every named negative control failed at least
 * one; 1 otherwise; 2 for bad arguments.
 *
 * <p>Usage: {@code StressRun [--lock NAME]... [--carriers N,N,...] [--threads N] [--rounds N]
 * [--watchdog SECONDS] [--report DIR]}. Without {@code --lock}, every lock case of the kit
 * ({@link LockCases}); a negative control ({@link BrokenLocks}) may be named too. Carriers 0 means
 * the JVM's default (one per CPU).
 */
public final class StressRun {
    /** Virtual threads per run, rounds per thread, the harness's watchdog: the build's run uses them too. */
    static final int THREADS = 2_000;
    static final int ROUNDS = 12;
    /** A run takes a few seconds here; a lock that needs a minute has a liveness problem. */
    static final long WATCHDOG_SECONDS = 60;
    /** Beyond the watchdog: JVM start, the thread dump; the child is killed after that. */
    static final long CHILD_MARGIN_SECONDS = 60;
    static final List<Integer> CARRIERS = List.of(1, 2, ChildJvm.DEFAULT_CARRIERS);

    private final Set<LockType> locks = new LinkedHashSet<>();
    private final List<Integer> carriers = new ArrayList<>();
    private int threads = THREADS;
    private int rounds = ROUNDS;
    private long watchdogSeconds = WATCHDOG_SECONDS;
    private Path reportDir = Path.of("stress-report");

    public static void main(String[] args) throws Exception {
        StressRun run = new StressRun();
        try {
            run.parse(args);
        } catch (IllegalArgumentException | IllegalStateException bad) { // options; the registry's providers
            System.err.println("stress: " + bad.getMessage());
            System.exit(2);
        }
        System.exit(run.run() ? 0 : 1);
    }

    void parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (!List.of("--lock", "--carriers", "--threads", "--rounds", "--watchdog", "--report").contains(option)) {
                throw new IllegalArgumentException("unknown option '" + option + "'; usage: [--lock NAME]..."
                        + " [--carriers N,N,...] [--threads N] [--rounds N] [--watchdog SECONDS] [--report DIR]");
            }
            if (i + 1 >= args.length || args[i + 1].isBlank()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--lock" -> {
                    for (String name : value.split(",")) {
                        locks.add(LockCases.named(name));
                    }
                }
                case "--carriers" -> {
                    for (String count : value.split(",")) {
                        carriers.add(number(option, count, 0));
                    }
                }
                case "--threads" -> threads = number(option, value, 1);
                case "--rounds" -> rounds = number(option, value, 1);
                case "--watchdog" -> watchdogSeconds = number(option, value, 1);
                default -> reportDir = Path.of(value);
            }
        }
        if (locks.isEmpty()) {
            locks.addAll(LockCases.all());
        }
        if (carriers.isEmpty()) {
            carriers.addAll(CARRIERS);
        }
    }

    private static int number(String option, String value, int least) {
        try {
            int number = Integer.parseInt(value.trim());
            if (number >= least) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException(option + " needs a whole number of at least " + least + ", got '" + value + "'");
    }

    boolean run() throws IOException, InterruptedException {
        Files.createDirectories(reportDir);
        System.out.printf(Locale.ROOT, "numaloom stress: %d lock(s) x carriers %s, %d virtual threads x %d rounds,"
                + " watchdog %d s; full output of each run: %s%n", locks.size(), carriers, threads, rounds,
                watchdogSeconds, reportDir.toAbsolutePath());
        boolean ok = true;
        for (LockType lock : locks) {
            boolean control = BrokenLocks.everyControl().stream().anyMatch(c -> c.name().equals(lock.name()));
            boolean anyFailed = false;
            for (int carrierCount : carriers) {
                ChildJvm.Result result = ChildJvm.run(VirtualThreadStress.class, carrierCount,
                        watchdogSeconds + CHILD_MARGIN_SECONDS, lock.name(), Integer.toString(threads),
                        Integer.toString(rounds), Long.toString(watchdogSeconds));
                String where = carrierCount == ChildJvm.DEFAULT_CARRIERS ? "default carriers" : carrierCount + " carrier(s)";
                Path log = reportDir.resolve(lock.name() + "-carriers-" + carrierCount + ".txt");
                Files.writeString(log, result.output() + "\n", StandardCharsets.UTF_8);
                boolean passed = !result.hung() && result.exitCode() == 0 && result.output().startsWith("PASSED");
                anyFailed |= !passed;
                String firstLine = result.hung()
                        ? "FAILED: the JVM outlived the watchdog by " + CHILD_MARGIN_SECONDS + " s and was killed"
                        : result.output().lines().findFirst().orElse("(no output, exit status " + result.exitCode() + ")");
                System.out.printf("%s on %s: %s%n", lock.name(), where, firstLine);
                if (!passed && !control) {
                    ok = false;
                    System.out.println("  output: " + log.toAbsolutePath());
                }
            }
            if (control) {
                ok &= anyFailed;
                System.out.println("negative control " + lock.name() + ": "
                        + (anyFailed ? "caught" : "NOT CAUGHT: the harness passed a broken lock"));
            }
        }
        System.out.println(ok ? "numaloom stress: every run as expected" : "numaloom stress: FAILED (see above)");
        return ok;
    }
}
