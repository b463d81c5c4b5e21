package org.numaloom.stress.jcstress.generated;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.Lock;

import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;
import org.numaloom.stress.HeldLock;
import org.numaloom.stress.QueuedBehind;
import org.numaloom.stress.QueuedBehind.First;
import org.numaloom.stress.jcstress.Acquisition;
import org.numaloom.stress.jcstress.GuardedCounter;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
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

    // GenerateLockTests writes the test between PAIR-BEGIN and PAIR-END once for every pair of ways
    // of asking for the lock (Acquisition); the pair LOCK, LOCK is named MutualExclusion. A line
    // that ends with "if __FIRST__ may fail" is kept only where that way may fail; so for __SECOND__.
    // PAIR-BEGIN
    @JCStressTest
    @Description("__FIRST_CALL__ against __SECOND_CALL__: each increments the counter if it gets the lock.")
    @Outcome(id = {"1, 2", "2, 1"}, expect = ACCEPTABLE, desc = "both got the lock, one after the other")
    @Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "__FIRST_CALL__ gave up while the other held the lock") // if __FIRST__ may fail
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "__SECOND_CALL__ gave up while the other held the lock") // if __SECOND__ may fail
    @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "lost update: both were inside at once")
    @Outcome(expect = FORBIDDEN, desc = "no lock can explain this: a lock() that returned without the lock, or two tries that both failed")
    @State
    public static class __PAIR_NAME__ extends GuardedCounter {
        public __PAIR_NAME__() {
            super(TYPE);
        }

        @Actor
        public void actor1(II_Result r) {
            r.r1 = incrementIfAcquired(Acquisition.__FIRST__);
        }

        @Actor
        public void actor2(II_Result r) {
            r.r2 = incrementIfAcquired(Acquisition.__SECOND__);
        }
    }
    // PAIR-END

    @JCStressTest
    @Description("Each of two threads increments the counter twice, lock() each time: a thread that lets go while"
            + " the other waits comes back at once, so it arrives as the lock passes to its waiter, the third"
            + " arrival that one acquisition each never makes.")
    @Outcome(id = "4", expect = ACCEPTABLE, desc = "all four increments, one holder at a time")
    @Outcome(expect = FORBIDDEN, desc = "lost update: two were inside at once")
    @State
    public static class Rearrivals extends GuardedCounter {
        public Rearrivals() {
            super(TYPE);
        }

        @Actor
        public void actor1() {
            incrementTwice();
        }

        @Actor
        public void actor2() {
            incrementTwice();
        }

        private void incrementTwice() {
            incrementIfAcquired(Acquisition.LOCK);
            incrementIfAcquired(Acquisition.LOCK);
        }

        @Arbiter
        public void count(I_Result r) {
            r.r1 = count();
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

    // The three tests of a waiter behind another differ only in how the first waiter leaves
    // (QueuedBehind.First); each still declares its actor and signal, because jcstress's annotation
    // processor takes a test's @Actor and @Signal methods from the class itself, not its superclass.
    @JCStressTest(Mode.Termination)
    @Description("A waiter that arrives behind another gets the lock once the one ahead of it has taken it and let go;"
            + " a release that does not wake the next waiter leaves it parked for ever.")
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "both waiters took the lock and let go")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "a waiter is still blocked on a lock nobody holds")
    @State
    public static class BehindAWaiter extends QueuedBehind {
        public BehindAWaiter() {
            super(TYPE, First.LOCKS);
        }

        @Actor
        public void secondWaiter() {
            secondLocksAndUnlocks();
        }

        @Signal
        public void holderUnlocks() {
            release();
        }
    }

    @JCStressTest(Mode.Termination)
    @Description("A waiter that arrives behind another gets the lock when the one ahead of it gives up (a timed"
            + " tryLock that expires while the lock is held); a give-up that does not pass the turn on leaves it parked for ever.")
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the first waiter gave up, the second took the lock")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "a waiter is still blocked on a lock nobody holds")
    @State
    public static class BehindAGiveUp extends QueuedBehind {
        public BehindAGiveUp() {
            super(TYPE, First.GIVES_UP);
        }

        @Actor
        public void secondWaiter() {
            secondLocksAndUnlocks();
        }

        @Signal
        public void holderUnlocks() {
            release();
        }
    }

    @JCStressTest(Mode.Termination)
    @Description("A waiter that arrives behind another gets the lock when the holder lets go and interrupts the one"
            + " ahead of it, a random moment apart in either order: the lock goes to the first waiter or past it,"
            + " never to one that has left.")
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "both waiters ended: the first took the lock or left, the second took it")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "a waiter is still blocked: the lock went to a waiter that had left, or nobody was woken")
    @State
    public static class BehindAnInterruptedWaiter extends QueuedBehind {
        public BehindAnInterruptedWaiter() {
            super(TYPE, First.INTERRUPTED_AS_THE_HOLDER_LETS_GO);
        }

        @Actor
        public void secondWaiter() {
            secondLocksAndUnlocks();
        }

        @Signal
        public void holderUnlocksAndInterrupts() {
            release();
        }
    }

    @JCStressTest(Mode.Termination)
    @Description("An interrupt ends a wait in lockInterruptibly() on a lock its holder keeps: the waiter throws"
            + " InterruptedException; a wait that misses the interrupt lasts for ever.")
    @Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "the interrupted waiter threw InterruptedException")
    @Outcome(id = "STALE", expect = FORBIDDEN, desc = "the interrupted waiter still waits for a lock that nobody lets go")
    @State
    public static class InterruptedWait extends HeldLock {
        public InterruptedWait() {
            super(TYPE);
        }

        @Actor
        public void waiter() {
            lockInterruptiblyUntilInterrupted();
        }

        @Signal
        public void holderInterrupts() {
            interruptTheWaiter();
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
            incrementIfAcquired(Acquisition.LOCK);
        }

        @Actor
        public void stranger(I_Result r) {
            r.r1 = unlockAsStranger();
        }
    }
}
