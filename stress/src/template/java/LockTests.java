package org.numaloom.stress.jcstress.generated;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;
import static org.numaloom.stress.jcstress.Acquisition.INTERRUPTIBLY;
import static org.numaloom.stress.jcstress.Acquisition.LOCK;
import static org.numaloom.stress.jcstress.Acquisition.TIMED_TRY;
import static org.numaloom.stress.jcstress.Acquisition.TRY;

import java.util.concurrent.locks.Lock;

import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;
import org.numaloom.stress.HeldLock;
import org.numaloom.stress.jcstress.GuardedCounter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * The jcstress tests of one lock, __LOCK__. GENERATED at build time from
 * stress/src/template/java/LockTests.java by GenerateLockTests, once per lock: edit the template,
 * never this file.
 *
 * <p>Each nested class is one test of one property, in the manner of jcstress's own lock tests.
 * The actors are platform threads; the virtual-thread harness covers what they cannot.
 */
public final class __LOCK__ {
    /** Looked up once: the states below are made by the million. */
    static final LockType TYPE = LockCases.named("__LOCK__");

    private __LOCK__() {
    }

    /*
     * Mutual exclusion and the four ways of asking for the lock, pairwise. Each actor increments a
     * plain counter under the lock if it gets it and reports the value it wrote, 0 if it did not
     * get the lock. Two increments that both write 1 are a lost update: both were inside at once.
     */

    @JCStressTest
    @Description("lock() against lock(): a non-atomic increment under the lock loses no update.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "one after the other")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class MutualExclusion extends GuardedCounter {
        public MutualExclusion() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(LOCK);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(LOCK);
        }
    }

    @JCStressTest
    @Description("lock() against lockInterruptibly(), no interrupt: both get the lock, one at a time.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "one after the other")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class LockVsInterruptibly extends GuardedCounter {
        public LockVsInterruptibly() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(LOCK);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(INTERRUPTIBLY);
        }
    }

    @JCStressTest
    @Description("lockInterruptibly() against lockInterruptibly(), no interrupt.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "one after the other")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class InterruptiblyVsInterruptibly extends GuardedCounter {
        public InterruptiblyVsInterruptibly() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(INTERRUPTIBLY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(INTERRUPTIBLY);
        }
    }

    @JCStressTest
    @Description("lock() against tryLock(): the try fails only while the other holds the lock.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "tryLock() found the lock held")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class LockVsTry extends GuardedCounter {
        public LockVsTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(LOCK);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TRY);
        }
    }

    @JCStressTest
    @Description("lock() against tryLock(timeout): a timed try fails only after waiting out a held lock.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the timed try gave up while the lock was held")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class LockVsTimedTry extends GuardedCounter {
        public LockVsTimedTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(LOCK);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TIMED_TRY);
        }
    }

    @JCStressTest
    @Description("lockInterruptibly() against tryLock().")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "tryLock() found the lock held")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class InterruptiblyVsTry extends GuardedCounter {
        public InterruptiblyVsTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(INTERRUPTIBLY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TRY);
        }
    }

    @JCStressTest
    @Description("lockInterruptibly() against tryLock(timeout).")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the timed try gave up while the lock was held")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class InterruptiblyVsTimedTry extends GuardedCounter {
        public InterruptiblyVsTimedTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(INTERRUPTIBLY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TIMED_TRY);
        }
    }

    @JCStressTest
    @Description("tryLock() against tryLock(): at least one succeeds, and never both at once.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "one found the lock held by the other")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "both failed, though one of them must have found the lock free")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class TryVsTry extends GuardedCounter {
        public TryVsTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(TRY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TRY);
        }
    }

    @JCStressTest
    @Description("tryLock() against tryLock(timeout).")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "one found the lock held by the other")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "both failed, though one of them must have found the lock free")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class TryVsTimedTry extends GuardedCounter {
        public TryVsTimedTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(TRY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TIMED_TRY);
        }
    }

    @JCStressTest
    @Description("tryLock(timeout) against tryLock(timeout).")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = {"1, 0", "0, 1"}, expect = ACCEPTABLE, desc = "one gave up while the other held the lock")
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(id = "0, 0", expect = FORBIDDEN, desc = "both gave up, though one of them must have found the lock free")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class TimedTryVsTimedTry extends GuardedCounter {
        public TimedTryVsTimedTry() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(TIMED_TRY);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(TIMED_TRY);
        }
    }

    @JCStressTest
    @Description("Visibility across unlock -> lock: what a holder wrote before unlock() the next holder sees, all of it.")
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the reader held the lock first")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the reader held the lock after the writer, and saw both writes")
    @Outcome(id = {"1, 0", "0, 1"}, expect = FORBIDDEN, desc = "the reader saw half of the writer's critical section")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class Visibility {
        private final Lock lock = TYPE.create();
        private int first;
        private int second;

        @Actor
        public void writer() {
            lock.lock();
            try {
                first = 1;
                second = 1;
            } finally {
                lock.unlock();
            }
        }

        @Actor
        public void reader(II_Result r) {
            lock.lock();
            try {
                r.r1 = second;
                r.r2 = first;
            } finally {
                lock.unlock();
            }
        }
    }

    @JCStressTest(Mode.Termination)
    @Description("Liveness: a thread blocked in lock() returns once the holder unlocks; a lost wake-up leaves it parked for ever.")
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the waiter got the lock after the holder let it go")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "the waiter is still blocked on a lock nobody holds")
    @State
    public static class Liveness extends HeldLock {
        public Liveness() {
            super(TYPE);
        }

        @Actor
        public void waiter() {
            lockAndUnlock();
        }

        @Signal
        public void holderUnlocks() {
            release();
        }
    }

    @JCStressTest
    @Description("unlock() by a thread that does not hold the lock is rejected with IllegalMonitorStateException.")
    @Outcome(id = "1", expect = ACCEPTABLE, desc = "the stranger's unlock() threw IllegalMonitorStateException")
    @Outcome(id = "0", expect = FORBIDDEN, desc = "the stranger's unlock() returned: it released a lock it did not hold")
    @Outcome(id = "2", expect = FORBIDDEN, desc = "the stranger's unlock() threw something else")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this")
    @State
    public static class ForeignUnlock extends GuardedCounter {
        public ForeignUnlock() {
            super(TYPE);
        }

        @Actor
        public void holder() {
            incrementIfAcquired(LOCK);
        }

        @Actor
        public void stranger(I_Result r) {
            r.r1 = unlockAsStranger();
        }
    }
}
