package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What NUMA_MCS promises beyond the {@code Lock} contract. */
class NumaMcsLockTest {
    /** A thread named "X@K" runs on node K. */
    private static final NodeLocator BY_NAME = LockCases.byThreadName(2);

    /**
     * A thread on node 0 re-takes the lock as fast as it can, barging each time; a thread on
     * node 1 asks once. While that thread is parked it is its node's published leader, and the
     * hand-off bound must get it the lock within {@code bound} acquisitions of the barger made
     * while it is parked. Without the bound it would wait for the scheduler's luck: each unlock
     * wakes it, and the barger takes the word again before it runs.
     *
     * <p>Only acquisitions that find the leader parked count: between two parks a woken leader
     * spins, for at most {@code maxSpinNanos}, and the barger's acquisitions meanwhile are bounded
     * by that time, not by the count (an earlier version counted every acquisition after the
     * first park and failed on a loaded CI machine at 29 of 16).
     *
     * <p>Bound 2 as well as 16: a count that passes the bound by one is seen only once the count
     * reaches the bound, and on a loaded machine the parked leader often got the lock on its own
     * before 16 releases (the CI mirror's mutation gate let {@code >} for {@code >=} in the bound's
     * test survive once, with bound 16 alone); 2 releases come before it wakes.
     */
    @ParameterizedTest(name = "bound {0}")
    @ValueSource(ints = {2, 16})
    void aParkedLeaderOnAnotherNodeGetsTheLockWithinTheHandOffBound(int bound) throws Exception {
        long worst = 0;
        for (int trial = 0; trial < 20; trial++) {
            worst = Math.max(worst, bargerAcquisitionsWhileOtherNodeParked(new NumaMcsLock(BY_NAME, 0, bound), bound));
        }
        assertTrue(worst <= bound, "the parked node-1 leader stayed parked through " + worst + " acquisitions of the barger");
    }

    /**
     * The barger's acquisitions that found the waiter parked. Also checks, at every acquisition,
     * that the count towards the next forced hand-over stays below the bound: a count that only a
     * hand-over reset grew with the lock's age and wrapped to a negative number after 2^31
     * releases (hours on a busy server), switching the bound off for the next 2^31.
     */
    private static long bargerAcquisitionsWhileOtherNodeParked(NumaMcsLock lock, int bound) throws Exception {
        AtomicBoolean waiterDone = new AtomicBoolean();
        AtomicLong acquisitionsWhileParked = new AtomicLong();
        AtomicInteger outOfRangeCount = new AtomicInteger(-1);
        CountDownLatch bargerRunning = new CountDownLatch(1);
        Thread[] waiter = new Thread[1];
        Thread barger = Thread.ofPlatform().name("barger@0").start(() -> {
            long whileParked = 0;
            while (true) {
                lock.lock();
                if (waiterDone.get()) { // only acquisitions before the waiter's count
                    lock.unlock();
                    break;
                }
                bargerRunning.countDown();
                int count = lock.handOffCount();
                if (count < 0 || count >= bound) {
                    outOfRangeCount.set(count);
                }
                // WAITING: parked in lock(), so it set the hint first and this release is counted
                if (waiter[0] != null && waiter[0].getState() == Thread.State.WAITING) {
                    whileParked++;
                }
                lock.unlock();
            }
            acquisitionsWhileParked.set(whileParked);
        });
        bargerRunning.await();
        waiter[0] = Thread.ofPlatform().name("waiter@1").unstarted(() -> {
            lock.lock();
            waiterDone.set(true);
            lock.unlock();
        });
        waiter[0].start();
        waiter[0].join();
        barger.join();
        assertEquals(-1, outOfRangeCount.get(), "the hand-off count left [0, " + bound + ")");
        return acquisitionsWhileParked.get();
    }

    /**
     * The fairness bound, exactly and without a race: a node-1 leader that announced it parks and
     * then does not get to run (woken but not yet scheduled, as on a loaded machine) is handed the
     * lock at the {@code bound}-th release made since, not one later, while one thread takes the
     * lock again after each release. The test above shows the bound with real threads, but there
     * the leader may take a free word on its own first, so a bound that is one late shows only when
     * it does not (a {@code >} for the {@code >=} survived the CI mirror's mutation gate once).
     * Here the leader's thread waits on a latch, which absorbs the releases' unparks, so the leader
     * never competes: it is placed as {@code lead()} leaves a leader about to park, the head of its
     * node's queue, published, marked parked, the hint set. While the lock is handed over, its
     * word names no thread: not the releaser, which no longer owns it, nor yet the leader, which has
     * not run to write its id.
     */
    @ParameterizedTest(name = "bound {0}")
    @ValueSource(ints = {1, 2, 16})
    void aLeaderThatDoesNotRunIsHandedTheLockAtExactlyTheBoundthRelease(int bound) throws Exception {
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, 0, bound);
        CountDownLatch testDone = new CountDownLatch(1);
        Thread leaderThread = latchedThread("leader@1", testDone);
        try {
            lock.lock();
            QNode leader = new QNode(leaderThread, 1);
            NodeQueue queue = lock.queueAt(lock.queueOf(1));
            assertNull(queue.enqueue(leader), "node 1's queue was not empty");
            queue.leader = leader;
            leader.parked = true;
            lock.parkHint = LeaderLock.announced(lock.parkHint);

            int releases = 0;
            do {
                lock.unlock();
                releases++;
            } while (leader.status != QNode.GRANTED && releases <= bound && lock.tryLock());
            assertEquals(QNode.GRANTED, leader.status, "the leader was not handed the lock in " + releases + " releases");
            assertEquals(bound, releases, "releases until the leader was handed the lock");
            assertFalse(lock.tryLock(), "the lock, handed to the leader, was free");
            assertEquals(LeaderLock.HANDING_OVER, lock.state, "the word while the leader has not run");
            assertFalse(lock.isHeldByCurrentThread(), "the releaser still owns the lock it handed over");
            assertTrue(lock.toString().endsWith("[Locked, being handed to a waiting thread]"), lock.toString());
        } finally {
            testDone.countDown();
            leaderThread.join();
        }
    }

    /**
     * The forced hand-overs take the queues in turn, whatever wake-ups come between them. Both
     * nodes' leaders wait parked and never run (their threads wait on a latch, as in the test
     * above); with a bound of 2, each cycle's first release frees the word and wakes a parked
     * leader, which parks again, and its second hands the lock over. When the wake-ups' search and
     * the hand-overs shared one round-robin position, each wake-up moved it on by one and, with two
     * queues, every hand-over went to the same queue: its leader's fairness bound held, the other's
     * did not (found in review; seen failing on that code: "the queues the forced hand-overs went
     * to ==> expected: <[0, 1, 0, 1]> but was: <[1, 1, 1, 1]>").
     */
    @Test
    void forcedHandOversTakeTheQueuesInTurnWhateverTheWakeUpsBetweenThem() throws Exception {
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, 0, 2);
        CountDownLatch testDone = new CountDownLatch(1);
        Thread[] leaderThreads = {latchedThread("leader@0", testDone), latchedThread("leader@1", testDone)};
        try {
            QNode[] leaders = {parkedLeader(lock, 0, leaderThreads[0]), parkedLeader(lock, 1, leaderThreads[1])};
            lock.parkHint = LeaderLock.announced(lock.parkHint);
            List<Integer> handedTo = new ArrayList<>();
            for (int cycle = 0; cycle < 4; cycle++) {
                lock.lock();
                lock.unlock(); // counted; frees the word and wakes a parked leader
                QNode woken = lock.successor;
                assertTrue(woken == leaders[0] || woken == leaders[1], "the first release of cycle " + cycle + " woke no leader");
                woken.parked = true; // it ran, found the lock taken again, and parked
                lock.successor = null;
                lock.lock();
                lock.unlock(); // the bound-th counted release: a forced hand-over
                int granted = leaders[0].status == QNode.GRANTED ? 0 : leaders[1].status == QNode.GRANTED ? 1 : -1;
                assertTrue(granted >= 0, "the second release of cycle " + cycle + " handed the lock to no leader");
                handedTo.add(granted);
                leaders[granted] = parkedLeader(lock, granted, leaderThreads[granted]); // the next in its queue leads
                lock.state = LeaderLock.FREE; // the granted leader took the lock and let it go
            }
            assertEquals(List.of(0, 1, 0, 1), handedTo, "the queues the forced hand-overs went to");
        } finally {
            testDone.countDown();
            for (Thread thread : leaderThreads) {
                thread.join();
            }
        }
    }

    /** A thread that waits on {@code done}, absorbing unparks: a leader that never runs. */
    private static Thread latchedThread(String name, CountDownLatch done) {
        return Thread.ofPlatform().name(name).start(() -> {
            while (done.getCount() > 0) {
                try {
                    done.await();
                } catch (InterruptedException e) {
                    // not interrupted by this test; await again
                }
            }
        });
    }

    /**
     * A node for {@code thread}, placed as {@code lead()} leaves a leader about to park: its
     * queue's head, published as the leader of {@code node}'s queue, and marked parked (the caller
     * sets the hint). Not linked into the queue: the wake-ups and hand-overs look only at leaders.
     */
    private static QNode parkedLeader(NumaMcsLock lock, int node, Thread thread) {
        QNode leader = new QNode(thread, node);
        leader.status = QNode.HEAD;
        lock.queueAt(lock.queueOf(node)).leader = leader;
        leader.parked = true;
        return leader;
    }

    /**
     * Two threads on two nodes take turns at the lock in many short rounds ({@link ContendedRounds}).
     * Each leader spins for up to 50 µs and then parks: often one node's leader, spinning, takes the
     * word as the other leaves it, and then parks while that holder is in its release, which must
     * see the leader's announcement once it has freed the word. (Caught with that release's wake-up
     * removed, and with a leader handed the lock that did not write its id in the word.)
     */
    @Test
    void aLeaderThatParksWhileTheWordIsFreedIsWoken() throws Exception {
        ContendedRounds.run(new NumaMcsLock(BY_NAME, 50_000, 64), List.of("a@0", "c@1"), 200, 200);
    }

    /**
     * The word is its holder's thread id, written by the compare-and-set that takes it, and every
     * acquisition of a free word counts a hold, whether the thread found it free at once or spun
     * for it while another held it: a spinner tells by the count whether another hold began
     * between two of its reads. The thread that spun did so as the lock's one spinning arrival, and
     * gave that claim up once it held the lock: a claim left behind would stop every later release
     * from waking a parked leader.
     */
    @Test
    void theWordIsTheHoldersIdAndEveryAcquisitionCountsAHold() throws Exception {
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, TimeUnit.MINUTES.toNanos(1), 64);
        long first = lock.holds;
        lock.lock();
        assertEquals(Thread.currentThread().threadId(), lock.state, "the word while this thread holds the lock");
        assertEquals(first + 1, lock.holds, "the holds after the first acquisition, which found the word free");
        Threads.Running<long[]> spinner = Threads.running("spinner@0", () -> {
            lock.lock();
            try {
                assertNull(lock.successor, "the spinning arrival's claim, once it holds the lock");
                return new long[] {Thread.currentThread().threadId(), lock.state, lock.holds};
            } finally {
                lock.unlock();
            }
        });
        Threads.spinUntil(() -> lock.successor == LeaderLock.SPINNING_ARRIVAL,
                "the second thread never spun as the spinning arrival");
        lock.unlock();
        long[] seen = spinner.get();
        assertEquals(seen[0], seen[1], "the word while the thread that spun for it held it");
        assertEquals(first + 2, seen[2], "the holds once the thread that spun took the word");
        assertEquals(LeaderLock.FREE, lock.state, "the word after the last release");
        assertEquals(first + 2, lock.holds, "the holds after the last release");
    }

    /**
     * A spin bound of a minute stands for "spin for as long as it pays", as in the tests around this
     * one. The budget is kept in an {@code int} of nanoseconds and grows by a step after a spin that
     * took the word: it must stay at its top, not wrap around (a minute's step added to 2.1 s, cast
     * to an {@code int}, came out at 1.6 s, and after four such spins negative, ending every spin at
     * once).
     */
    @Test
    void aSpinBoundPastAnIntOfNanosecondsKeepsTheBudgetAtItsTop() throws Exception {
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, TimeUnit.MINUTES.toNanos(1), 64);
        acquireOnceAsTheSpinningArrival(lock, "spinner@0");
        assertEquals(Integer.MAX_VALUE, lock.spinNanos, "the spin budget after a spin that took the word");
    }

    /**
     * A thread that gets the lock as the spinning arrival never asks the locator where it runs: the
     * node only chooses the queue a thread joins, and most contended acquisitions end in that spin
     * (in the text statistics on 2 carriers, 99% of those that missed the word at once). Caught
     * with the look-up made before the spin, as it was: one look-up.
     */
    @Test
    void theSpinningArrivalTakesTheLockWithoutLocatingItself() throws Exception {
        AtomicInteger lookups = new AtomicInteger();
        NodeLocator counting = LockCases.locator(2, () -> {
            lookups.incrementAndGet();
            return 0;
        });
        NumaMcsLock lock = new NumaMcsLock(counting, TimeUnit.MINUTES.toNanos(1), 64);
        acquireOnceAsTheSpinningArrival(lock, "spinner");
        assertEquals(0, lookups.get(), "look-ups of the node by a thread that took the lock in its spin");
    }

    /**
     * While this thread holds {@code lock}, a thread of that name locks it, and so spins as its
     * spinning arrival; once it does, this thread unlocks, and the other takes the word in its spin,
     * unlocks and ends.
     */
    private static void acquireOnceAsTheSpinningArrival(NumaMcsLock lock, String name) throws Exception {
        lock.lock();
        Threads.Running<Void> spinner = Threads.running(name, () -> {
            lock.lock();
            lock.unlock();
            return null;
        });
        Threads.spinUntil(() -> lock.successor == LeaderLock.SPINNING_ARRIVAL,
                "the second thread never spun as the spinning arrival");
        lock.unlock();
        spinner.get();
    }

    /**
     * A spinner that reads the word free takes it where the hold it last saw has ended and nobody
     * has taken the lock since, and declines it where another hold began and ended between its two
     * reads: there the word is free only in a running thread's gap between two holds, and taking it
     * moves the lock's cache line for nothing (see {@link LeaderLock}, "Taking the word").
     */
    @Test
    void aSpinnerTakesAFreeWordOnlyIfNoOtherHoldBeganSinceItsLastRead() {
        long holds = 5;
        assertTrue(LeaderLock.takesFreeWord(holds, LeaderLock.NOT_READ), "a free word at the first read");
        assertTrue(LeaderLock.takesFreeWord(holds, holds), "the word freed by the hold it saw, or free at both reads");
        assertFalse(LeaderLock.takesFreeWord(holds + 1, holds),
                "the word freed after another hold began between the two reads");
    }

    /**
     * A spinner pauses longer between its reads while the lock turns over, halving its pause while
     * one hold lasts, between one and {@link LeaderLock#MAX_PAUSES} calls of
     * {@link Thread#onSpinWait()}: the faster the lock changes hands, the less often its cache line
     * is pulled to the spinner.
     */
    @Test
    void aSpinnerPausesLongerWhileTheLockTurnsOver() {
        long holds = 5;
        assertEquals(4, LeaderLock.nextPause(8, holds, holds), "one hold lasting: halved");
        assertEquals(1, LeaderLock.nextPause(1, holds, holds), "never below one");
        assertEquals(16, LeaderLock.nextPause(8, holds + 1, holds), "another hold began: doubled");
        assertEquals(2, LeaderLock.nextPause(1, holds, LeaderLock.NOT_READ), "after the first read: doubled");
        assertEquals(LeaderLock.MAX_PAUSES, LeaderLock.nextPause(LeaderLock.MAX_PAUSES, holds + 1, holds),
                "never above the cap");
        int pastHalf = LeaderLock.MAX_PAUSES / 2 + 1;
        assertEquals(LeaderLock.MAX_PAUSES, LeaderLock.nextPause(pastHalf, holds + 1, holds),
                "doubled past the cap: the cap");
    }

    /**
     * A leader that parks changes {@code parkHint} even when the "leader parked" hint is set
     * already: a release that searched the queues, found no leader parked, and is about to clear
     * the hint by compare-and-set on the value it read before the search must fail, or this leader
     * would sleep with no hint to bring a release to it. (Before announcements were counted, the
     * second announcement left the word as it was, and a second search after the clear had to make
     * up for it; that search's compare-and-set made a check-then-set survived every layer, its
     * window too rare to reach.)
     */
    @Test
    void aLeaderAnnouncesThatItParksWithANewCountEvenWhenTheHintIsSet() throws Exception {
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, 0, 64);
        lock.lock();
        Threads.Running<Void> first = Threads.running("first@0", () -> lockAndUnlock(lock)).awaitBlocked();
        long oneParked = lock.parkHint;
        assertEquals(LeaderLock.LEADER_PARKED, oneParked & LeaderLock.LEADER_PARKED, "the hint with one leader parked");
        Threads.Running<Void> second = Threads.running("second@1", () -> lockAndUnlock(lock)).awaitBlocked();
        assertEquals(oneParked + LeaderLock.ANNOUNCEMENT, lock.parkHint, "the hint once the other node's leader parked too");
        lock.unlock();
        first.get();
        second.get();
    }

    /** Whether {@code leader}, read once (the leaving leader clears it), is the thread's node. */
    private static boolean isLeader(QNode leader, Thread thread) {
        return leader != null && leader.thread == thread;
    }

    /** Waits until the thread leads its node's queue and is parked there, having announced it. */
    private static void awaitParkedAsLeader(NumaMcsLock lock, int node, Thread thread) {
        NodeQueue queue = lock.queueAt(lock.queueOf(node));
        Threads.spinUntil(() -> isLeader(queue.leader, thread) && queue.leader.parked
                && thread.getState() == Thread.State.WAITING, thread + " never parked as its node's leader");
    }

    private static Void lockAndUnlock(NumaMcsLock lock) {
        lock.lock();
        lock.unlock();
        return null;
    }

    /**
     * A leader that is spinning when a release hands it the lock takes it at once. The forced
     * hand-over goes to the next queue's leader whether it is parked or spinning, and keeps the
     * word held; a spinning leader that watched only the word saw it held, by nobody, until its
     * spin budget ran out (up to {@code maxSpinNanos}, 20 µs by default, during which the lock did
     * no work), and then shrank the budget of every later spin as if the spin had failed.
     *
     * <p>Set up with the spin budget in the test's hands: with none, node 1's leader parks (so the
     * hint is set and the release, with a bound of 1, hands over) and node 0's first leader parks
     * in {@code lockInterruptibly()}; with 2 s, the thread queued behind it spins when the
     * interrupt makes it the leader. The round-robin starts at queue 0, so the spinning leader is
     * the one handed the lock. Seen failing without the check of the grant in the spin: "the
     * spin budget when the spinning leader got the lock ==> expected: <2000000000> but was:
     * <1750000000>".
     */
    @Test
    void aSpinningLeaderHandedTheLockTakesItWithoutSpinningOut() throws Exception {
        int twoSeconds = 2_000_000_000;
        NumaMcsLock lock = new NumaMcsLock(BY_NAME, twoSeconds, 1);
        lock.spinNanos = 0;
        lock.lock();
        Threads.Running<Void> parkedLeader = Threads.running("parked@1", () -> lockAndUnlock(lock)).awaitBlocked();
        Threads.Running<Void> leavingLeader = Threads.<Void>running("leaving@0", () -> {
            lock.lockInterruptibly();
            lock.unlock();
            return null;
        }).awaitBlocked();
        Threads.Running<Integer> spinningLeader = Threads.running("spinning@0", () -> {
            lock.lock();
            try {
                return lock.spinNanos;
            } finally {
                lock.unlock();
            }
        }).awaitBlocked();
        lock.spinNanos = twoSeconds;
        leavingLeader.thread().interrupt();
        Threads.spinUntil(() -> isLeader(lock.queueAt(0).leader, spinningLeader.thread()),
                "the queued thread never became node 0's leader");
        lock.unlock();
        assertEquals(twoSeconds, spinningLeader.get(), "the spin budget when the spinning leader got the lock");
        parkedLeader.get();
        assertThrows(ExecutionException.class, leavingLeader::get, "the interrupted leader gave up");
    }

    /**
     * Three threads of one node with a spin of 2 µs lose no wake-up. They often queue behind each
     * other and leave their queue empty again, so a thread enqueues just as the node's last waiter
     * leaves: the tail's reset must be a compare-and-set, and as a check-then-set
     * ({@code McsQueue.successorOrEmpty}) it cut the newcomer off, asleep, in 3 of 3 runs, where
     * NUMA_MCS's other tests, with one thread per node, never saw it. The spinning arrival often
     * gives up here too; its wake-up of a leader after giving up on a free word has a window of a
     * few instructions, and removing it was not caught in 9 runs: that step rests on the argument in
     * {@link LeaderLock}.
     */
    @Test
    void threeThreadsOfOneNodeLoseNoWakeUp() throws Exception {
        ContendedRounds.run(new NumaMcsLock(BY_NAME, 2_000, 64), List.of("a@0", "b@0", "c@0"), 300, 100);
    }

    /**
     * Leaders of eight nodes that park at the same time each advance the hint's count: the
     * announcement is one atomic step, so none overwrites another. The no-lost-wake-up argument
     * rests on it (a release's clear of the hint must fail whenever a leader announced since the
     * release read it); a read and a write instead can write back a count that a release read
     * before its search, and its clear then succeeds though a leader parked behind the search.
     * That interleaving needs three leaders and a wake-up within a few instructions, so it is
     * checked here where it starts: the count. At least one announcement per leader, as a leader
     * woken spuriously announces again. (Caught in round 0 in 8 runs of 8 with
     * {@code announceParking}'s compare-and-set made a read, a yield and a write, the mutation
     * tool's {@code CAS_AS_CHECK_THEN_SET}, which survived every other test.)
     */
    @Test
    void leadersThatParkTogetherEachAdvanceTheHintsCount() throws Exception {
        int leaders = 8;
        for (int round = 0; round < 20; round++) {
            NumaMcsLock lock = new NumaMcsLock(LockCases.byThreadName(leaders), 0, 64);
            lock.lock();
            CountDownLatch start = new CountDownLatch(1);
            List<Threads.Running<Void>> parked = new ArrayList<>();
            for (int node = 0; node < leaders; node++) {
                parked.add(Threads.running("leader@" + node, () -> {
                    start.await();
                    lockAndUnlock(lock);
                    return null;
                }));
            }
            start.countDown();
            for (int node = 0; node < leaders; node++) {
                awaitParkedAsLeader(lock, node, parked.get(node).thread());
            }
            long announcements = lock.parkHint / LeaderLock.ANNOUNCEMENT;
            lock.unlock(); // before the check: a failed round leaves no thread parked behind it
            for (Threads.Running<Void> leader : parked) {
                leader.get();
            }
            assertTrue(announcements >= leaders, "round " + round + ": " + announcements
                    + " announcements counted for " + leaders + " parked leaders");
        }
    }

    /** A bound of 1, a forced hand-over at every release with a leader parked, is a lock like any other. */
    @Test
    void aHandOffBoundOfOneIsAccepted() throws Exception {
        NumaMcsLock lock = assertDoesNotThrow(() -> new NumaMcsLock(BY_NAME, 0, 1));
        lock.lock();
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();
    }

    @Test
    void rejectsImpossibleParameters() {
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(BY_NAME, -1, 8));
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(BY_NAME, 8, 0));
        assertThrows(IllegalArgumentException.class, () -> new NumaMcsLock(LockCases.spreadOver(0), 8, 8));
    }

    @Test
    void keepsAQueuePerNodeOfTheLocator() {
        assertEquals(2, new NumaMcsLock(BY_NAME, 0, 8).nodeCount());
        assertEquals(4, new NumaMcsLock(LockCases.spreadOver(4), 0, 8).nodeCount());
    }
}
