package org.numaloom.stress.vthreads;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.HotSpotDiagnosticMXBean;
import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;
import org.numaloom.stress.HeldLock;

/**
 * The virtual-thread stress harness: thousands of virtual threads fight for one lock, on however
 * many carriers the JVM was started with, in every way a {@link Lock} can be asked and held.
 *
 * <p>What each thread does (by its index, {@link Style}): lock and yield inside; lock and park
 * inside; lock and throw from inside; tryLock with a timeout and sleep inside; an untimed tryLock;
 * lockInterruptibly; an interrupter interrupts the interruptible, the timed and the yielding threads
 * at random, before they ask, in the queue or inside (lock() must ignore it; lockInterruptibly() and
 * the timed tryLock must give up or keep the lock, and must throw if the interrupt came before the
 * call); and an unlock by a stranger that does not hold the lock, which must be rejected. Every round
 * starts with a yield, so that the threads interleave on few carriers.
 *
 * <p>What is checked, at the end, exactly:
 * <ul>
 *   <li>counts: every acquisition incremented the plain counter once; acquisitions, time-outs,
 *       refused tries and interrupted waits add up to threads x rounds; every throw from inside
 *       was counted, and the lock still worked after it;</li>
 *   <li>mutual exclusion: an occupancy counter ({@link LockCases.Occupancy}) never saw two threads
 *       inside;</li>
 *   <li>foreign unlocks: every one threw {@link IllegalMonitorStateException};</li>
 *   <li>interrupts before the call: every {@code lockInterruptibly()} and timed {@code tryLock} entered
 *       with the interrupt status set threw {@link InterruptedException}, as {@link Lock} requires:
 *       those the interrupter's timing made, and {@value #ENTRY_INTERRUPTS} calls on the free lock
 *       by virtual threads that interrupt themselves first ({@link #interruptsBeforeTheCall});</li>
 *   <li>progress: every thread finished within the watchdog's time, else the run prints a thread
 *       dump (virtual threads included) and exits with {@link #HUNG};</li>
 *   <li>the same counts and exclusion in a tight phase: two threads per carrier lock (half by
 *       spinning on tryLock), increment, unlock, {@value #TIGHT_ROUNDS} times each, nothing else
 *       ({@link #tightLoops});</li>
 *   <li>abandoned waits: a holder keeps the lock while 2 to {@value #MAX_ABANDONING_WAITERS}
 *       virtual threads queue behind it and then give up, all interrupted at once in
 *       {@code lockInterruptibly()} or timed out in {@code tryLock(timeout)}
 *       ({@link #abandonedWaits}); every one must leave within {@link #GIVE_UP_PATIENCE}, none may
 *       get the lock, and the lock must work afterwards;</li>
 *   <li>condition waits: 1 to {@value #MAX_CONDITION_WAITERS} virtual threads at a time hold the
 *       lock twice (a reentrant lock) and wait in an untimed {@code await()} until signalled
 *       ({@link #conditionWaits}); every one must wake within {@link #SIGNAL_PATIENCE} of its
 *       signal, and hold the lock as often as before the wait;</li>
 *   <li>signals racing interrupts: a waiter in an interruptible wait, timed or not, is interrupted
 *       as it is signalled, or interrupted alone, with a second waiter behind it
 *       ({@link #signalRaces}); an interrupted wait must end, and if the first answers the interrupt,
 *       the signal must reach the second, as the {@link Condition} contract requires;</li>
 *   <li>no lost wake-up: after those phases, {@value #HAND_OVERS} hand-overs from a holder
 *       to one virtual waiter each, with nobody else around ({@link #handOvers}); every waiter must
 *       get the lock;</li>
 *   <li>waiting: the worst "overtaking" of one acquisition (how many queued acquisitions by others
 *       happened between a thread's request and its grant) is measured for every lock, and held
 *       to the lock's stated bound ({@link WaitingBound}).</li>
 * </ul>
 *
 * <p>Every phase uses the same lock, so that what one phase leaves behind (a cancelled node, a
 * count near a bound, a stale leader) meets the next.
 *
 * <p>Run in a child JVM ({@link VirtualThreadStressTest}): the number of carriers is fixed when a
 * JVM starts, and a carrier spinning for ever cannot be stopped from inside. Prints one line,
 * {@code PASSED ...} or {@code FAILED <what> ...}, and exits 0, 1, or {@link #HUNG}.
 *
 * <p>Usage: {@code VirtualThreadStress LOCK_NAME THREADS ROUNDS WATCHDOG_SECONDS}.
 */
public final class VirtualThreadStress {
    static final int HUNG = 3;

    /** What one thread does with the lock. */
    enum Style { LOCK_AND_YIELD, LOCK_AND_PARK, LOCK_AND_THROW, TIMED_TRY_AND_SLEEP, TRY, INTERRUPTIBLE, STRANGER }

    /** Failed tryLock()s between two yields of a spinner in the tight phase. */
    static final int SPINS_BEFORE_YIELD = 64;
    /** Acquisitions per thread of the tight phase. */
    static final int TIGHT_ROUNDS = 50_000;
    /** Hand-overs of the liveness phase; a few seconds on two carriers. */
    static final int HAND_OVERS = 50_000;
    /** How long a waiter may stay blocked after its holder let go: far beyond a wake-up's microseconds. */
    static final Duration HAND_OVER_PATIENCE = Duration.ofSeconds(5);
    /** Rounds of the abandoned-waits phase, and the most waiters that give up in one. */
    static final int ABANDONING_ROUNDS = 200;
    static final int MAX_ABANDONING_WAITERS = 6;
    /** How long a waiter may stay blocked after its interrupt or its time-out. */
    static final Duration GIVE_UP_PATIENCE = Duration.ofSeconds(5);
    /** Rounds of the condition phase, and the most waiters in one. */
    static final int CONDITION_ROUNDS = 500;
    static final int MAX_CONDITION_WAITERS = 6;
    /** How long a signalled waiter may stay in await() once the signaller let go of the lock. */
    static final Duration SIGNAL_PATIENCE = Duration.ofSeconds(5);
    /** Interruptible acquisitions asked for with the interrupt status set, on a free lock. */
    static final int ENTRY_INTERRUPTS = 200;
    /** Rounds of the signal-race phase. */
    static final int SIGNAL_RACE_ROUNDS = 500;
    /** How a signal race's first waiter waits: interruptibly, untimed or with a time it never reaches. */
    enum RaceWait { AWAIT, AWAIT_TIME, AWAIT_NANOS, AWAIT_UNTIL }
    /** The time limit of a signal race's timed waits: beyond any run's watchdog, so never reached. */
    static final Duration RACE_WAIT_LIMIT = Duration.ofHours(1);
    /**
     * The longest the signaller waits between its interrupt of a waiter and its signal: a few times
     * the tens of microseconds a parked virtual thread takes to run again once interrupted, so that
     * the signal lands before, during and after the waiter's answer to the interrupt.
     */
    static final long MAX_SIGNAL_DELAY_NANOS = 100_000;
    /**
     * How long after the watchdog's time the run may still be finishing its phases (each stops at
     * the deadline, then waits at most one of the patiences above) before the watchdog thread
     * declares it hung: on a broken lock the main thread itself can block in {@code lock()}.
     */
    static final Duration WATCHDOG_GRACE = Duration.ofSeconds(20);

    private final Lock lock;
    private final Condition permitGiven;
    /** Holds a waiter of the condition phase takes before it awaits: 2 where the lock is reentrant. */
    private final int holdsAcrossAwait;
    private final WaitingBound bound;
    private final int threads;
    private final int rounds;
    private final LockCases.Occupancy occupancy = new LockCases.Occupancy();
    /** Guarded by the lock: a plain field, so that a broken lock loses increments. */
    private long counter;
    private final AtomicLong acquisitions = new AtomicLong();
    /** Acquisitions that waited in the lock's queue (all but tryLock()): what FIFO orders. */
    private final AtomicLong queuedGrants = new AtomicLong();
    private final AtomicLong timeouts = new AtomicLong();
    private final AtomicLong refusedTries = new AtomicLong();
    private final AtomicLong interrupted = new AtomicLong();
    private final AtomicLong thrown = new AtomicLong();
    private final AtomicLong foreignUnlocksAccepted = new AtomicLong();
    /** Interruptible acquisitions entered with the interrupt status set that did not throw. */
    private final AtomicLong interruptsIgnoredOnEntry = new AtomicLong();
    private final AtomicLong unexpected = new AtomicLong();
    private final LongAccumulator worstOvertaking = new LongAccumulator(Math::max, 0);
    private volatile String firstUnexpected;
    /** Set by the first to report a hang (the main thread at the deadline, or the watchdog after it). */
    private final AtomicBoolean hangReported = new AtomicBoolean();
    private int handOversDone;
    private String lostHandOver;
    private int abandoningRoundsDone;
    private String stuckGiveUp;
    /**
     * Guarded by the lock: the waiters of the condition phases that have reached await() since the
     * signaller last counted them, and the permits they wait for.
     */
    private int conditionWaiters;
    private int permits;
    private int conditionRoundsDone;
    private int signalRacesDone;
    /** Guarded by the lock: signal races in which the interrupt won (the first waiter threw). */
    private int interruptsThatWon;
    private String lostSignal;

    private VirtualThreadStress(LockType type, int threads, int rounds) {
        this.lock = type.create();
        this.permitGiven = lock.newCondition();
        this.holdsAcrossAwait = type.reentrant() ? 2 : 1;
        this.bound = WaitingBound.of(type.name());
        this.threads = threads;
        this.rounds = rounds;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: VirtualThreadStress LOCK_NAME THREADS ROUNDS WATCHDOG_SECONDS");
            System.exit(2);
        }
        VirtualThreadStress stress = new VirtualThreadStress(LockCases.named(args[0]), Integer.parseInt(args[1]),
                Integer.parseInt(args[2]));
        Duration watchdog = Duration.ofSeconds(Long.parseLong(args[3]));
        // An exception that escapes any thread of the run (a waiter whose unlock() a broken lock
        // rejects, say) is a failure of the run, counted in its verdict, not a stack trace printed
        // ahead of it: once one went unreported and the run PASSED.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> stress.recordUnexpected(e));
        System.exit(stress.run(args[0], watchdog));
    }

    private int run(String name, Duration watchdog) throws InterruptedException {
        List<Thread> all = new ArrayList<>();
        List<Thread> interruptible = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Style style = Style.values()[t % Style.values().length];
            Thread thread = Thread.ofVirtual().name("stress-" + style + "-" + t).unstarted(() -> play(style));
            all.add(thread);
            if (style == Style.INTERRUPTIBLE || style == Style.TIMED_TRY_AND_SLEEP
                    || style == Style.LOCK_AND_YIELD) {
                interruptible.add(thread);
            }
        }
        AtomicBoolean running = new AtomicBoolean(true);
        Thread interrupter = Thread.ofPlatform().daemon().name("interrupter").start(() -> {
            while (running.get()) {
                interruptible.get(ThreadLocalRandom.current().nextInt(interruptible.size())).interrupt();
                LockSupport.parkNanos(100_000);
            }
        });
        long start = System.nanoTime();
        long deadline = start + watchdog.toNanos();
        watchOver(name, watchdog, deadline + WATCHDOG_GRACE.toNanos());
        all.forEach(Thread::start);
        for (Thread thread : all) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !thread.join(Duration.ofNanos(left))) {
                return hung(name, watchdog);
            }
        }
        running.set(false);
        interrupter.join();
        if (!tightLoops(deadline)) {
            return hung(name, watchdog);
        }
        try {
            interruptsBeforeTheCall();
            abandonedWaits(deadline);
            conditionWaits(deadline);
            signalRaces(deadline);
            handOvers(deadline);
        } catch (RuntimeException | Error e) {
            // The lock failed this (platform) thread itself: a lock without exclusion makes its
            // unlock() throw here when another thread took it meanwhile. Report it as a flaw, and
            // skip the phases left, which would start from a lock in an unknown state.
            recordUnexpected(e);
        }
        return verdict(name, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * The tight phase: two threads per carrier lock, increment and unlock with nothing else inside
     * or between, half of them spinning on tryLock(), so that running threads on different carriers
     * meet at the lock word all the time (in the contended phase most threads are parked): where a
     * check-then-set race shows.
     *
     * @return false if the watchdog's time ran out
     */
    private boolean tightLoops(long deadline) throws InterruptedException {
        List<Thread> loopers = new ArrayList<>();
        for (int t = 0; t < tightThreads(); t++) {
            boolean spinOnTryLock = t % 2 == 0;
            loopers.add(Thread.ofVirtual().name("tight-" + t).start(() -> {
                for (int i = 0; i < TIGHT_ROUNDS; i++) {
                    try {
                        lockAndIncrement(spinOnTryLock);
                    } catch (RuntimeException | Error e) {
                        recordUnexpected(e);
                    }
                }
            }));
        }
        for (Thread looper : loopers) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || !looper.join(Duration.ofNanos(left))) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param spinOnTryLock whether to ask by tryLock() until it succeeds, rather than by lock():
     *                      spinners race for the word the moment it is free; they yield every
     *                      {@value #SPINS_BEFORE_YIELD} tries, else two spinners would occupy both
     *                      carriers while the queued thread that a FIFO lock waits for never runs
     */
    private void lockAndIncrement(boolean spinOnTryLock) {
        if (spinOnTryLock) {
            for (int tries = 1; !lock.tryLock(); tries++) {
                if (tries % SPINS_BEFORE_YIELD == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            }
        } else {
            lock.lock();
        }
        try {
            occupancy.enter();
            counter++;
            acquisitions.incrementAndGet();
            occupancy.leave();
        } finally {
            lock.unlock();
        }
    }

    private void recordUnexpected(Throwable e) {
        if (unexpected.getAndIncrement() == 0) {
            firstUnexpected = Thread.currentThread().getName() + ": " + e;
        }
    }

    private static int tightThreads() {
        return 2 * carriers();
    }

    /**
     * The liveness phase: one virtual thread at a time asks for a lock that this (platform)
     * thread holds and lets go at a random moment around the waiter's arrival ({@link HeldLock}).
     * With nobody else around to pass by and wake it, a waiter whose wake-up was lost stays blocked
     * on a free lock; in the contended phase above, later threads rescue such a waiter.
     */
    private void handOvers(long deadline) throws InterruptedException {
        for (; handOversDone < HAND_OVERS && System.nanoTime() - deadline < 0; handOversDone++) {
            HeldLock held = new HeldLock(lock);
            Thread waiter = Thread.ofVirtual().name("hand-over-" + handOversDone).start(held::lockAndUnlock);
            held.release();
            if (!waiter.join(HAND_OVER_PATIENCE)) {
                lostHandOver = "lost wake-up: in hand-over " + handOversDone + " the waiter was still blocked "
                        + HAND_OVER_PATIENCE.toSeconds() + " s after the holder let go";
                return;
            }
        }
    }

    /**
     * The condition phase: in each round, 1 to {@value #MAX_CONDITION_WAITERS} virtual threads lock
     * ({@link #holdsAcrossAwait} times) and wait in an untimed {@code await()} for a permit; once all
     * are waiting, this (platform) thread gives one permit each, by one {@code signal()} per waiter in
     * even rounds and by {@code signalAll()} in odd ones. An untimed wait has no time-out to rescue
     * a waiter whose signal marked it but did not wake it: it stays parked, and the round reports
     * it. After the wait, each waiter lets go of every hold it took; a wait that gave back fewer
     * makes the last unlock throw.
     */
    private void conditionWaits(long deadline) throws InterruptedException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (; conditionRoundsDone < CONDITION_ROUNDS && lostSignal == null && System.nanoTime() - deadline < 0;
                conditionRoundsDone++) {
            int waiterCount = 1 + random.nextInt(MAX_CONDITION_WAITERS);
            List<Thread> waiters = new ArrayList<>();
            for (int w = 0; w < waiterCount; w++) {
                waiters.add(Thread.ofVirtual().name("condition-" + conditionRoundsDone + "-" + w)
                        .start(this::awaitPermit));
            }
            boolean signalEach = conditionRoundsDone % 2 == 0;
            if (!whenWaiting(waiterCount, deadline, () -> giveEachAPermit(waiterCount, signalEach))) {
                lostSignal = "condition waits: in round " + conditionRoundsDone + " not all " + waiterCount
                        + " waiters reached await() before the watchdog's time ran out";
                return;
            }
            for (int w = 0; w < waiterCount && lostSignal == null; w++) {
                if (!waiters.get(w).join(SIGNAL_PATIENCE)) {
                    lostSignal = "lost signal: in round " + conditionRoundsDone + ", waiter " + (w + 1) + " of "
                            + waiterCount + " was still in an untimed await() " + SIGNAL_PATIENCE.toSeconds()
                            + " s after " + (signalEach ? "its signal()" : "signalAll()") + ", with the lock free";
                }
            }
        }
    }

    /**
     * The signal-race phase: an interrupt and a signal race for one wait. In each round a first
     * virtual thread waits interruptibly ({@link RaceWait}: untimed, or timed and never running out,
     * in turn), and a second queues behind it for a permit. This (platform) thread interrupts the
     * first and, every other four rounds, signals once a random 0 to {@value #MAX_SIGNAL_DELAY_NANOS}
     * ns later; in the others it signals only once the interrupt has ended the first wait. The
     * {@link Condition} contract lets a wait answer the interrupt instead of a signal that came with
     * it, but then "the signal is redirected to another waiting thread": so if the first throws
     * {@link InterruptedException}, the second must wake. If the first returns, the signal was its,
     * and it signals in turn for the second. A wait whose status both the signal and the interrupt
     * changed (a check-then-set, not a compare-and-set) throws having taken the signal, and the second
     * waits for ever; a wait that ignores its interrupt is still waiting; a wait that spins instead
     * of parking keeps, on one carrier, the second waiter from ever reaching its wait.
     */
    private void signalRaces(long deadline) throws InterruptedException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (; signalRacesDone < SIGNAL_RACE_ROUNDS && lostSignal == null && System.nanoTime() - deadline < 0;
                signalRacesDone++) {
            RaceWait wait = RaceWait.values()[signalRacesDone % RaceWait.values().length];
            boolean interruptAlone = signalRacesDone / RaceWait.values().length % 2 == 1;
            Thread first = Thread.ofVirtual().name("signal-race-" + signalRacesDone + "-first")
                    .start(() -> awaitOnceThenPassTheSignalOn(wait));
            Thread second = Thread.ofVirtual().name("signal-race-" + signalRacesDone + "-second")
                    .unstarted(this::awaitPermit);
            long arrival = Math.min(deadline, System.nanoTime() + SIGNAL_PATIENCE.toNanos());
            if (!whenWaiting(1, arrival, () -> { }) || !startBehind(second, arrival)) {
                lostSignal = "signal races: in round " + signalRacesDone + " the two waiters did not reach their waits"
                        + " within " + SIGNAL_PATIENCE.toSeconds() + " s (a wait that spins keeps the carrier the"
                        + " other needs), or the watchdog's time ran out";
                return;
            }
            first.interrupt();
            if (interruptAlone && !first.join(SIGNAL_PATIENCE)) {
                lostSignal = "lost interrupt: in signal race " + signalRacesDone + ", the first waiter was still in "
                        + wait + " " + SIGNAL_PATIENCE.toSeconds() + " s after its interrupt, with no signal sent";
                return;
            }
            spinForUpTo(MAX_SIGNAL_DELAY_NANOS, random);
            if (!whenWaiting(2, deadline, () -> giveEachAPermit(1, true))) {
                lostSignal = "signal races: in round " + signalRacesDone + " the watchdog's time ran out before the"
                        + " signal";
                return;
            }
            for (Thread waiter : List.of(first, second)) {
                if (lostSignal == null && !waiter.join(SIGNAL_PATIENCE)) {
                    String which = waiter == first ? "first waiter, interrupted as it was signalled,"
                            : "waiter behind the one interrupted as it was signalled";
                    lostSignal = "lost signal: in signal race " + signalRacesDone + ", the " + which + " was still in"
                            + " its wait " + SIGNAL_PATIENCE.toSeconds() + " s later, with the lock free";
                }
            }
        }
    }

    /**
     * Starts the second waiter of a signal race.
     *
     * @return whether it reached its wait, behind the first, by {@code arrival}
     */
    private boolean startBehind(Thread second, long arrival) throws InterruptedException {
        second.start();
        return whenWaiting(2, arrival, () -> { });
    }

    private static void spinForUpTo(long maxNanos, ThreadLocalRandom random) {
        long until = System.nanoTime() + random.nextLong(maxNanos);
        while (System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    /**
     * Once {@code waiterCount} waiters have reached await() (seen under the lock, which each gives up
     * only inside its wait), runs {@code action} under the lock.
     *
     * @return false if the watchdog's time ran out first
     */
    private boolean whenWaiting(int waiterCount, long deadline, Runnable action) throws InterruptedException {
        while (System.nanoTime() - deadline < 0) {
            // Bounded: on a broken lock an untimed lock() can block for ever, and this thread is the
            // one that reports the watchdog's verdict.
            if (!lock.tryLock(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                return false;
            }
            try {
                if (conditionWaiters == waiterCount) {
                    action.run();
                    return true;
                }
            } finally {
                lock.unlock();
            }
            Thread.sleep(0, 100_000);
        }
        return false;
    }

    /**
     * Gives {@code waiterCount} permits to the waiters counted, by one {@code signal()} each or one
     * {@code signalAll()}, and starts a new count; under the lock.
     */
    private void giveEachAPermit(int waiterCount, boolean signalEach) {
        conditionWaiters = 0;
        permits = waiterCount;
        if (signalEach) {
            for (int w = 0; w < waiterCount; w++) {
                permitGiven.signal();
            }
        } else {
            permitGiven.signalAll();
        }
    }

    /** Waits for a permit and takes it. */
    private void awaitPermit() {
        holdingAcrossAwait(() -> {
            while (permits == 0) {
                permitGiven.await();
            }
            permits--;
        });
    }

    /**
     * Waits once, for the signal race: a wait that returns took the signal (or woke spuriously), and
     * passes it on to the waiter behind; one that answers its interrupt has nothing to pass on.
     */
    private void awaitOnceThenPassTheSignalOn(RaceWait wait) {
        holdingAcrossAwait(() -> {
            try {
                switch (wait) {
                    case AWAIT -> permitGiven.await();
                    case AWAIT_TIME -> permitGiven.await(RACE_WAIT_LIMIT.toNanos(), TimeUnit.NANOSECONDS);
                    case AWAIT_NANOS -> permitGiven.awaitNanos(RACE_WAIT_LIMIT.toNanos());
                    case AWAIT_UNTIL -> permitGiven.awaitUntil(new Date(System.currentTimeMillis()
                            + RACE_WAIT_LIMIT.toMillis()));
                }
            } catch (InterruptedException answered) {
                interruptsThatWon++;
                return;
            }
            permitGiven.signal();
        });
    }

    /** A condition wait, run under the lock. */
    @FunctionalInterface
    private interface ConditionWait {
        void run() throws InterruptedException;
    }

    /**
     * Locks {@link #holdsAcrossAwait} times, counts itself among the waiters, runs the wait, and
     * lets go of every hold; a wait that gave back fewer makes the last unlock throw.
     */
    private void holdingAcrossAwait(ConditionWait wait) {
        int held = 0;
        try {
            for (; held < holdsAcrossAwait; held++) {
                lock.lock();
            }
            conditionWaiters++;
            wait.run();
        } catch (InterruptedException | RuntimeException e) {
            recordUnexpected(e);
        } finally {
            try {
                for (; held > 0; held--) {
                    lock.unlock();
                }
            } catch (IllegalMonitorStateException e) {
                recordUnexpected(new IllegalStateException("after await() the waiter held the lock fewer than the "
                        + holdsAcrossAwait + " times it did before", e));
            }
        }
    }

    /**
     * Virtual threads, one at a time, interrupt themselves and then ask for the free lock by
     * {@code lockInterruptibly()} or a timed {@code tryLock}, in turn: each must throw
     * {@link InterruptedException} rather than take it. In the contended phase the interrupter's
     * timing makes such calls too, but mostly on a held lock, where the wait's own check answers.
     */
    private void interruptsBeforeTheCall() throws InterruptedException {
        for (int call = 0; call < ENTRY_INTERRUPTS && stuckGiveUp == null; call++) {
            boolean timed = call % 2 == 1;
            Thread caller = Thread.ofVirtual().name("interrupted-before-the-call-" + call).start(() -> {
                Thread.currentThread().interrupt();
                try {
                    if (!timed) {
                        lock.lockInterruptibly();
                    } else if (!lock.tryLock(1, TimeUnit.MILLISECONDS)) {
                        interruptsIgnoredOnEntry.incrementAndGet();
                        return;
                    }
                } catch (InterruptedException expected) {
                    return;
                }
                interruptsIgnoredOnEntry.incrementAndGet();
                lock.unlock();
            });
            if (!caller.join(GIVE_UP_PATIENCE)) {
                stuckGiveUp = "interrupts before the call: " + (timed ? "a timed tryLock" : "lockInterruptibly()")
                        + " by an interrupted thread was still blocked on the free lock " + GIVE_UP_PATIENCE.toSeconds()
                        + " s later";
            }
        }
    }

    /** How a waiter of the abandoned-waits phase gives up. */
    private enum GiveUp { INTERRUPTED, TIMED_OUT, TIMED_WAIT_INTERRUPTED }

    /**
     * The abandoned-waits phase: this (platform) thread holds the lock and never lets go while
     * 2 to {@value #MAX_ABANDONING_WAITERS} virtual threads queue behind it, one after another (each
     * blocked before the next comes), and give up: interruptible ones are all interrupted at once
     * by a virtual thread, so that on one carrier none of them runs before all are interrupted and
     * they then run in queue order, each one passing the head of the queue to the next; timed ones
     * time out on their own. A waiter that is made the head just as it gives up must still leave.
     * Then the holder lets go, and the phases after this one use the lock as it was left.
     */
    private void abandonedWaits(long deadline) throws InterruptedException {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (; abandoningRoundsDone < ABANDONING_ROUNDS && stuckGiveUp == null && System.nanoTime() - deadline < 0;
                abandoningRoundsDone++) {
            int waiterCount = 2 + random.nextInt(MAX_ABANDONING_WAITERS - 1);
            List<Thread> waiters = new ArrayList<>();
            List<Thread> interruptible = new ArrayList<>();
            List<GiveUp> giveUps = new ArrayList<>();
            lock.lock();
            try {
                for (int w = 0; w < waiterCount; w++) {
                    GiveUp giveUp = GiveUp.values()[random.nextInt(GiveUp.values().length)];
                    Thread waiter = Thread.ofVirtual().name("abandoning-" + abandoningRoundsDone + "-" + w)
                            .start(() -> waitAndGiveUp(giveUp));
                    awaitBlocked(waiter);
                    waiters.add(waiter);
                    giveUps.add(giveUp);
                    if (giveUp != GiveUp.TIMED_OUT) {
                        interruptible.add(waiter);
                    }
                }
                Thread.ofVirtual().name("interrupter").start(() -> interruptible.forEach(Thread::interrupt)).join();
                for (int w = 0; w < waiterCount && stuckGiveUp == null; w++) {
                    if (!waiters.get(w).join(GIVE_UP_PATIENCE)) {
                        stuckGiveUp = "abandoned waits: in round " + abandoningRoundsDone + ", waiter " + (w + 1) + " of "
                                + waiterCount + " in the queue (" + giveUps.get(w) + ") was still waiting "
                                + GIVE_UP_PATIENCE.toSeconds() + " s after it should have given up, with the lock held";
                    }
                }
            } finally {
                lock.unlock();
            }
            for (Thread waiter : waiters) {
                if (!waiter.join(GIVE_UP_PATIENCE) && stuckGiveUp == null) {
                    stuckGiveUp = "abandoned waits: " + waiter.getName() + " did not finish "
                            + GIVE_UP_PATIENCE.toSeconds() + " s after the holder let go";
                }
            }
        }
    }

    /** Waits for the lock, which the harness holds throughout, and must give up as {@code giveUp} says. */
    private void waitAndGiveUp(GiveUp giveUp) {
        try {
            boolean acquired = switch (giveUp) {
                case INTERRUPTED -> {
                    lock.lockInterruptibly();
                    yield true;
                }
                case TIMED_OUT -> lock.tryLock(ThreadLocalRandom.current().nextLong(1, 5), TimeUnit.MILLISECONDS);
                case TIMED_WAIT_INTERRUPTED -> lock.tryLock(1, TimeUnit.HOURS);
            };
            if (acquired) {
                lock.unlock();
                recordUnexpected(new IllegalStateException("a " + giveUp + " waiter got the lock instead of giving up"));
            }
        } catch (InterruptedException expected) {
            if (giveUp == GiveUp.TIMED_OUT) {
                recordUnexpected(expected);
            }
        }
    }

    /** Waits until the thread is blocked in the lock (parked, with or without a time-out). */
    private static void awaitBlocked(Thread thread) throws InterruptedException {
        while (thread.isAlive() && thread.getState() != Thread.State.WAITING
                && thread.getState() != Thread.State.TIMED_WAITING) {
            Thread.sleep(0, 100_000);
        }
    }

    private void play(Style style) {
        for (int round = 0; round < rounds; round++) {
            Thread.yield();
            try {
                if (style == Style.STRANGER) {
                    unlockWithoutHolding();
                } else {
                    acquireAndHold(style, round);
                }
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            } catch (InsideFailure e) {
                thrown.incrementAndGet();
            } catch (RuntimeException | Error e) {
                recordUnexpected(e);
            }
        }
        Thread.interrupted();
    }

    private void acquireAndHold(Style style, int round) throws InterruptedException {
        long ticket = queuedGrants.get();
        if (!acquire(style)) {
            return;
        }
        try {
            occupancy.enter();
            try {
                counter++;
                acquisitions.incrementAndGet();
                if (style != Style.TRY) {
                    worstOvertaking.accumulate(queuedGrants.getAndIncrement() - ticket);
                }
                passTimeInside(style, round);
            } finally {
                occupancy.leave();
            }
        } finally {
            lock.unlock();
        }
        if (style != Style.INTERRUPTIBLE) {
            Thread.interrupted();
        }
    }

    private boolean acquire(Style style) throws InterruptedException {
        boolean interruptedOnEntry = Thread.currentThread().isInterrupted();
        switch (style) {
            case TIMED_TRY_AND_SLEEP -> {
                // From a tenth of a millisecond, which the queue of a contended lock always
                // outlasts, to tens, which it usually does not: both ways out are taken.
                long micros = ThreadLocalRandom.current().nextLong(100, 200_000);
                boolean acquired = lock.tryLock(micros, TimeUnit.MICROSECONDS);
                countInterruptIgnored(interruptedOnEntry);
                if (!acquired) {
                    timeouts.incrementAndGet();
                    return false;
                }
            }
            case TRY -> {
                if (!lock.tryLock()) {
                    refusedTries.incrementAndGet();
                    return false;
                }
            }
            case INTERRUPTIBLE -> {
                lock.lockInterruptibly();
                countInterruptIgnored(interruptedOnEntry);
            }
            default -> lock.lock();
        }
        return true;
    }

    /**
     * Counts an interruptible acquisition that returned, lock or no lock, though its thread was
     * interrupted when it called: {@link Lock#lockInterruptibly()} and {@link Lock#tryLock(long, TimeUnit)}
     * must throw {@link InterruptedException} then.
     */
    private void countInterruptIgnored(boolean interruptedOnEntry) {
        if (interruptedOnEntry) {
            interruptsIgnoredOnEntry.incrementAndGet();
        }
    }

    /** Thrown from inside a critical section, to check that the lock survives it. */
    private static final class InsideFailure extends RuntimeException {
        InsideFailure() {
            super("thrown from inside the critical section", null, false, false);
        }
    }

    private static void passTimeInside(Style style, int round) {
        switch (style) {
            case LOCK_AND_PARK -> LockSupport.parkNanos(20_000);
            case LOCK_AND_THROW -> throw new InsideFailure();
            case TIMED_TRY_AND_SLEEP -> sleepUninterruptibly(Duration.ofNanos(10_000 + round * 1_000L));
            case INTERRUPTIBLE -> LockSupport.parkNanos(5_000);
            default -> Thread.yield();
        }
    }

    private void unlockWithoutHolding() {
        try {
            lock.unlock();
            foreignUnlocksAccepted.incrementAndGet();
        } catch (IllegalMonitorStateException expected) {
            // as it must
        }
    }

    private static void sleepUninterruptibly(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private int verdict(String name, long millis) {
        long asked = askingThreads() * rounds + (long) tightThreads() * TIGHT_ROUNDS;
        List<String> failures = new ArrayList<>();
        if (counter != acquisitions.get()) {
            failures.add("lost updates: counter " + counter + " != acquisitions " + acquisitions.get());
        }
        if (occupancy.worst() > 1) {
            failures.add("mutual exclusion: " + occupancy.worst() + " threads inside at once");
        }
        if (acquisitions.get() + timeouts.get() + refusedTries.get() + interrupted.get() != asked) {
            failures.add("counts: acquisitions + timeouts + refused + interrupted != " + asked);
        }
        if (thrown.get() != (long) threadsOf(Style.LOCK_AND_THROW) * rounds) {
            failures.add("throws from inside: " + thrown.get() + " != " + (long) threadsOf(Style.LOCK_AND_THROW) * rounds);
        }
        if (foreignUnlocksAccepted.get() > 0) {
            failures.add("foreign unlock: " + foreignUnlocksAccepted.get() + " unlocks by a non-holder were accepted");
        }
        if (interruptsIgnoredOnEntry.get() > 0) {
            failures.add("interrupt ignored: " + interruptsIgnoredOnEntry.get() + " lockInterruptibly() or timed"
                    + " tryLock calls made with the interrupt status set returned instead of throwing"
                    + " InterruptedException");
        }
        if (unexpected.get() > 0) {
            failures.add(unexpected.get() + " unexpected exceptions, the first: " + firstUnexpected);
        }
        if (stuckGiveUp != null) {
            failures.add(stuckGiveUp);
        }
        if (lostSignal != null) {
            failures.add(lostSignal);
        }
        if (lostHandOver != null) {
            failures.add(lostHandOver);
        }
        bound.violation(worstOvertaking.get(), threads, carriers()).ifPresent(failures::add);
        System.out.printf("%s %s counter=%d acquisitions=%d timeouts=%d refusedTries=%d interrupted=%d thrown=%d"
                        + " foreignUnlocksAccepted=%d worstOccupancy=%d worstOvertaking=%d (bound: %s) abandoningRounds=%d"
                        + " conditionRounds=%d signalRaces=%d (the interrupt won %d) handOvers=%d carriers=%d"
                        + " millis=%d%n",
                failures.isEmpty() ? "PASSED" : "FAILED " + String.join("; ", failures), name, counter,
                acquisitions.get(), timeouts.get(), refusedTries.get(), interrupted.get(), thrown.get(),
                foreignUnlocksAccepted.get(), occupancy.worst(), worstOvertaking.get(), bound.describe(threads, carriers()),
                abandoningRoundsDone, conditionRoundsDone, signalRacesDone, interruptsThatWon, handOversDone,
                carriers(), millis);
        return failures.isEmpty() ? 0 : 1;
    }

    private long askingThreads() {
        return threads - threadsOf(Style.STRANGER);
    }

    private int threadsOf(Style style) {
        int styles = Style.values().length;
        return threads / styles + (style.ordinal() < threads % styles ? 1 : 0);
    }

    static int carriers() {
        return Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    }

    /** Starts a daemon thread that declares the run hung if it is still going at {@code giveUpAt}. */
    private void watchOver(String name, Duration watchdog, long giveUpAt) {
        Thread.ofPlatform().daemon().name("watchdog").start(() -> {
            for (long left; (left = giveUpAt - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(left);
            }
            hung(name, watchdog);
        });
    }

    /**
     * Prints that the run hung, then a dump of every thread, virtual ones included, and exits. The
     * verdict goes out first: HotSpot's dump of virtual threads can crash the JVM while threads
     * mount and unmount (a SIGSEGV inside it once ended a negative control's run here, on JDK
     * 25.0.3), and the verdict must not die with it.
     */
    private int hung(String name, Duration watchdog) {
        if (!hangReported.compareAndSet(false, true)) { // the main thread and the watchdog both found it
            for (;;) {
                LockSupport.park(this); // until the first report halts the JVM
            }
        }
        System.out.printf("FAILED HUNG %s: not finished after %d s; acquisitions=%d worstOccupancy=%d"
                        + " unexpectedExceptions=%d (the first: %s)%n",
                name, watchdog.toSeconds(), acquisitions.get(), occupancy.worst(), unexpected.get(), firstUnexpected);
        System.out.flush();
        try {
            Path dump = Files.createTempFile("virtual-thread-stress-" + name + "-", ".txt");
            Files.delete(dump);
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(dump.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.TEXT_PLAIN);
            System.out.println("thread dump: " + dump);
            System.out.println(ThreadDumps.summary(Files.readString(dump)));
        } catch (IOException | RuntimeException | Error e) {
            System.out.println("the thread dump failed: " + e);
        }
        System.out.flush();
        Runtime.getRuntime().halt(HUNG);
        return HUNG;
    }
}
