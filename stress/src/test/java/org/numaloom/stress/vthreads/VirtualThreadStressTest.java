package org.numaloom.stress.vthreads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.BrokenLocks;
import org.numaloom.locks.ChildJvm;
import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;

/**
 * Every lock case passes the {@link VirtualThreadStress} harness on one carrier, two, and the
 * JVM's default number; every negative control fails it, and the output says how.
 */
class VirtualThreadStressTest {
    static final int THREADS = StressRun.THREADS;
    static final int ROUNDS = StressRun.ROUNDS;
    static final long WATCHDOG_SECONDS = StressRun.WATCHDOG_SECONDS;
    /** How long a negative control may run: it must fail or hang well before (real locks: seconds). */
    static final long CONTROL_WATCHDOG_SECONDS = 20;
    static final int CONTROL_ATTEMPTS = 12;
    static final long CHILD_MARGIN_SECONDS = StressRun.CHILD_MARGIN_SECONDS;

    static Stream<Arguments> lockCasesAndCarriers() {
        return LockCases.stream().flatMap(type -> StressRun.CARRIERS.stream()
                .map(carriers -> Arguments.of(type, carriers)));
    }

    @ParameterizedTest(name = "{0} on {1} carrier(s) (0: the default)")
    @MethodSource("lockCasesAndCarriers")
    @Timeout(WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void everyLockPasses(LockType type, int carriers) throws Exception {
        ChildJvm.Result result = run(type, carriers, WATCHDOG_SECONDS);
        System.out.println(result.output());
        assertFalse(result.hung(), type + " outlived its watchdog on " + carriers + " carrier(s):\n" + result.output());
        assertEquals(0, result.exitCode(), type + " failed the harness on " + carriers + " carrier(s):\n" + result.output());
        assertTrue(result.output().startsWith("PASSED"), result.output());
    }

    /**
     * Two carriers, so that threads really run at once: a check-then-set race or a store still in a
     * store buffer needs two CPUs.
     *
     * <p>Up to {@value #CONTROL_ATTEMPTS} runs, each in a new JVM: the lost wake-ups of LOST_WAKEUP
     * and PLAIN_UNLOCK need a release to land in a window of a few nanoseconds of compiled code, and
     * one run's 50,000 hand-overs found it in about three runs of four for LOST_WAKEUP, and in 12 of
     * 20 for PLAIN_UNLOCK (2026-12-02; JIT decisions differ from JVM to JVM, and the catch came
     * anywhere from hand-over 1,125 to 34,045). With 5 runs, a CI mirror saw PLAIN_UNLOCK pass all
     * five (at 12 in 20, about once in a hundred); with 12, about once in 60,000. A run that passes
     * costs about 4 s. A control that passes every run fails the test.
     */
    @ParameterizedTest(name = "negative control {0}")
    @MethodSource("negativeControls")
    @Timeout(CONTROL_ATTEMPTS * (CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS))
    void everyNegativeControlFails(LockType control) throws Exception {
        List<String> passes = new ArrayList<>();
        for (int attempt = 1; attempt <= CONTROL_ATTEMPTS; attempt++) {
            ChildJvm.Result result = run(control, 2, CONTROL_WATCHDOG_SECONDS);
            assertFalse(result.hung(), "the harness's own watchdog did not fire for " + control + ":\n" + result.output());
            if (result.exitCode() != 0) {
                System.out.println("negative control " + control + " caught in run " + attempt + ": "
                        + result.output().lines().findFirst().orElse(""));
                assertTrue(result.output().startsWith("FAILED"), result.output());
                return;
            }
            passes.add(result.output());
        }
        fail("the harness passed the negative control " + control + " (" + control.description() + ") in "
                + CONTROL_ATTEMPTS + " runs:\n" + String.join("\n", passes));
    }

    static Stream<LockType> negativeControls() {
        return BrokenLocks.all().stream();
    }

    /** The seed design's flaw: on one carrier the spinning head starves the holder, and the watchdog fires. */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void theUnboundedHeadSpinHangsOnOneCarrier() throws Exception {
        ChildJvm.Result result = run(BrokenLocks.UNBOUNDED_HEAD_SPIN, 1, CONTROL_WATCHDOG_SECONDS);
        System.out.println(result.output());
        assertEquals(VirtualThreadStress.HUNG, result.exitCode(),
                "the unbounded head spin did not hang on one carrier:\n" + result.output());
        assertTrue(result.output().contains("UnboundedHeadSpinLock"), "the thread dump does not show the spinner:\n"
                + result.output());
    }

    /**
     * A hung run's verdict is out before the thread dump is taken, so that it survives a JVM that
     * dies in the dump: HotSpot's dump of virtual threads can crash while threads mount and unmount
     * (a SIGSEGV in it once failed CI's negative-control test, on JDK 25.0.3). The death is staged with
     * {@code -XX:AbortVMOnException}: with {@code java.io.tmpdir} missing, the first
     * {@link java.nio.file.NoSuchFileException} is thrown where the dump's file is created.
     */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void aHangIsReportedBeforeTheThreadDumpThatMayKillTheJvm(@TempDir Path scratch) throws Exception {
        ChildJvm.Result result = run(BrokenLocks.UNBOUNDED_HEAD_SPIN, 1, CONTROL_WATCHDOG_SECONDS,
                "-XX:+UnlockDiagnosticVMOptions", "-XX:AbortVMOnException=java.nio.file.NoSuchFileException",
                "-Djava.io.tmpdir=" + scratch.resolve("missing"),
                // the crash report out of the tree, and no core dump
                "-XX:ErrorFile=" + scratch.resolve("hs_err_pid%p.log"), "-XX:-CreateCoredumpOnCrash");
        System.out.println(result.output());
        int death = result.output().indexOf("Saw java.nio.file.NoSuchFileException, aborting");
        int verdict = result.output().indexOf("FAILED HUNG " + BrokenLocks.UNBOUNDED_HEAD_SPIN.name());
        assertTrue(death >= 0, "the JVM did not die where the test staged it:\n" + result.output());
        assertTrue(verdict >= 0 && verdict < death, "the verdict did not come before the JVM died:\n" + result.output());
    }

    /** Interrupted queued waiters must leave while the lock is held; a lock that forgets one fails. */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void theLockThatSwallowsAnInterruptHandedToANewHeadFailsTheAbandonedWaits() throws Exception {
        assertFailsTheHarness(BrokenLocks.SWALLOWED_INTERRUPT, 1, "abandoned waits:");
    }

    /** A condition wait must give back every hold its waiter took; a lock whose wait gives back one fails. */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void theLockWhoseAwaitGivesBackOneHoldFailsTheConditionWaits() throws Exception {
        assertFailsTheHarness(BrokenLocks.ONE_HOLD_AFTER_AWAIT, 2, "after await()");
    }

    /**
     * A condition wait that answers an interrupt must leave the signal that came with it to another
     * waiter; a lock whose wait throws and keeps the signal fails the signal races.
     */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void theLockThatLosesASignalToAnInterruptFailsTheSignalRaces() throws Exception {
        assertFailsTheHarness(BrokenLocks.SIGNAL_LOST_TO_AN_INTERRUPT, 2, "lost signal: in signal race");
    }

    /**
     * An interruptible acquisition by a thread interrupted before the call must throw; a lock that
     * takes a free lock then fails the check of interrupts before the call.
     */
    @Test
    @Timeout(CONTROL_WATCHDOG_SECONDS + 2 * CHILD_MARGIN_SECONDS)
    void theLockThatIgnoresAnInterruptBeforeTheCallFailsTheHarness() throws Exception {
        assertFailsTheHarness(BrokenLocks.INTERRUPT_IGNORED_ON_ENTRY, 2, "interrupt ignored:");
    }

    /** The control fails the harness (exit status 1, not a hang) with a report that names its flaw. */
    private static void assertFailsTheHarness(LockType control, int carriers, String flaw) throws Exception {
        ChildJvm.Result result = run(control, carriers, CONTROL_WATCHDOG_SECONDS);
        System.out.println(result.output());
        assertEquals(1, result.exitCode(), "the harness passed " + control.name() + ":\n" + result.output());
        assertTrue(result.output().startsWith("FAILED") && result.output().contains(flaw), result.output());
    }

    private static ChildJvm.Result run(LockType type, int carriers, long watchdogSeconds, String... moreJvmOptions)
            throws Exception {
        List<String> jvmOptions = new ArrayList<>(ChildJvm.kitFlags());
        jvmOptions.addAll(ChildJvm.carrierOptions(carriers));
        jvmOptions.addAll(List.of(moreJvmOptions));
        return ChildJvm.run(VirtualThreadStress.class, jvmOptions, watchdogSeconds + CHILD_MARGIN_SECONDS, type.name(),
                Integer.toString(THREADS), Integer.toString(ROUNDS), Long.toString(watchdogSeconds));
    }
}
