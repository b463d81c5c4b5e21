package org.numaloom.stress.jcstress;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Kills a JVM that jcstress forked and that has run for too long, after saving its thread dump.
 *
 * <p>jcstress times out a test's measured iterations, but not the set-up it runs before them (its
 * resource estimation runs the actors once and joins them without a limit). A lock that loses a
 * wake-up there leaves the fork, and so the whole run, waiting for ever. Killed, the fork is
 * reported by jcstress as a VM error of that test, which fails it, and the run goes on.
 *
 * <p>The limit ({@link #limit}) is far above what a fork needs: a budgeted fork (one quick
 * configuration) took at most 6 s here, and 1.3 s on average (110 forks of the real locks in 140 s,
 * none killed with a 6-s limit, 2026-12-02). A budgeted run gets 30 s, jcstress's own time-out for
 * a test's measured iterations, and so a hung fork no longer holds the run up for 2 minutes:
 * jcstress runs one fork at a time on 2 CPUs, and the hanging negative controls' 8 forks had made
 * up 10 of the budgeted run's 14 minutes. jcstress's other modes, whose forks run longer and in
 * several configurations, get 120 s. {@code -Dnumaloom.jcstress.forkTimeoutSeconds} sets either
 * (longer for forks under emulation, say). What follows a kill is the owner's ({@code afterKill}):
 * a run that wants every test's verdict goes on, one for which the first hang is the verdict (a
 * mutant's) stops there instead of waiting out every other test that hangs as well.
 */
final class ForkWatchdog implements AutoCloseable {
    static final String LIMIT_PROPERTY = "numaloom.jcstress.forkTimeoutSeconds";

    /** How long a fork may run: {@value #LIMIT_PROPERTY} seconds if set, else 30 s budgeted, 120 s otherwise. */
    static Duration limit(boolean budgeted) {
        return Duration.ofSeconds(Long.getLong(LIMIT_PROPERTY, budgeted ? 30 : 120));
    }

    private final Duration limit;
    private final Path dumpDir;
    private final Runnable afterKill;
    private final Supplier<Stream<ProcessHandle>> forks;
    private final Thread thread;

    /**
     * Watches the forks of this JVM, its child processes.
     *
     * @param afterKill run on the watchdog's thread after each fork it killed, once the kill has
     *                  been printed
     */
    ForkWatchdog(Duration limit, Path dumpDir, Runnable afterKill) {
        this(limit, dumpDir, afterKill, () -> ProcessHandle.current().children());
    }

    /** Watches the processes {@code forks} lists at each look; for tests, which name their own. */
    ForkWatchdog(Duration limit, Path dumpDir, Runnable afterKill, Supplier<Stream<ProcessHandle>> forks) {
        this.limit = limit;
        this.dumpDir = dumpDir;
        this.afterKill = afterKill;
        this.forks = forks;
        this.thread = Thread.ofPlatform().daemon().name("jcstress-fork-watchdog").start(this::watch);
    }

    private void watch() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                forks.get().filter(ProcessHandle::isAlive).filter(this::outlived).forEach(this::dumpAndKill);
                Thread.sleep(1_000);
            }
        } catch (InterruptedException stop) {
            // closed
        }
    }

    private boolean outlived(ProcessHandle fork) {
        Optional<Instant> start = fork.info().startInstant();
        return start.isPresent() && Duration.between(start.get(), Instant.now()).compareTo(limit) > 0;
    }

    private void dumpAndKill(ProcessHandle fork) {
        Path dump = dumpDir.resolve("hung-fork-" + fork.pid() + ".txt");
        boolean dumped = threadDump(fork.pid(), dump);
        fork.destroyForcibly();
        System.out.println("jcstress: killed forked JVM " + fork.pid() + " after " + limit.toSeconds()
                + " s (hung); " + (dumped ? "thread dump: " + dump : "no jcmd in this JDK, no thread dump"));
        afterKill.run();
    }

    private static boolean threadDump(long pid, Path dump) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!jcmd.toFile().canExecute()) {
            return false;
        }
        try {
            Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print")
                    .redirectErrorStream(true).redirectOutput(dump.toFile()).start();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}
