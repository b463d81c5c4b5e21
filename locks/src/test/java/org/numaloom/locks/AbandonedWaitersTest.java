package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Waiters that give up (a timed {@code tryLock} that runs out, an interrupted
 * {@code lockInterruptibly}) must leave the lock's queue, as {@code ReentrantLock}'s do: while the
 * queue's head stays put (a long hold, a waiter parked at the head), a thread that polls with
 * {@code tryLock(timeout)} would otherwise add a node per attempt, each keeping its thread, for as
 * long as the hold lasts.
 *
 * <p>This thread holds the lock, and a thread that waits for it with {@code lock()} stays queued,
 * so the head never moves; pollers then give up {@value #POLLS} times each. What stays linked behind
 * the head is counted. A node that gives up leaves the queue itself when a successor is linked
 * behind it, and the next arrival takes it out otherwise, so a lone poller leaves at most its last
 * node; two pollers whose neighbouring nodes give up at the same moment may each leave one more,
 * which the head skips when it passes. CNA, whose head moves waiters to a secondary queue, unlinks
 * under a lock on the queue's links, which a node that finds it taken leaves to the next one
 * ({@link CnaQueue}): the same bounds hold. Every thread of the HMCS lock queues in one leaf
 * group.
 */
class AbandonedWaitersTest {
    private static final int POLLS = 200;

    static Stream<Arguments> locks() {
        return Stream.of(
                Arguments.of("NUMA_MCS", (Supplier<AbstractReentrantLock>) NumaMcsLock::new,
                        (Function<AbstractReentrantLock, QNode>) lock -> ((NumaMcsLock) lock).queueAt(0).leader),
                Arguments.of("CNA", (Supplier<AbstractReentrantLock>) CnaLock::new,
                        (Function<AbstractReentrantLock, QNode>) lock -> ((CnaLock) lock).queueAt(0).leader),
                Arguments.of("MCS", (Supplier<AbstractReentrantLock>) McsLock::new,
                        (Function<AbstractReentrantLock, QNode>) lock -> ((McsLock) lock).holderNode),
                Arguments.of("HMCS", (Supplier<AbstractReentrantLock>) LockCases::hmcsInOneLeafGroup,
                        (Function<AbstractReentrantLock, QNode>) lock -> ((HmcsLock) lock).holderNode));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aLonePollerLeavesAtMostItsLastNode(String name, Supplier<AbstractReentrantLock> locks,
            Function<AbstractReentrantLock, QNode> head) throws Exception {
        assertLinkedBehindTheHead(name, locks.get(), head, 1, 1, 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void pollersGivingUpSideBySideLeaveTheQueue(String name, Supplier<AbstractReentrantLock> locks,
            Function<AbstractReentrantLock, QNode> head) throws Exception {
        assertLinkedBehindTheHead(name, locks.get(), head, 4, 1, 8);
    }

    /**
     * Polls with {@code pollers} threads while the head stays put, then checks that between
     * {@code leastLeft} and {@code mostLeft} of their nodes stay linked behind the head and that the
     * ended pollers can be collected. The last attempt's node stays, since no arrival follows it: at
     * least one left shows that the attempts queued at all, so that the count means something. The
     * bound for several pollers is a margin, not a proof: nodes left by racing neighbours are
     * unlinked by any later unlink that walks back past them, so only the last attempts count.
     */
    private static void assertLinkedBehindTheHead(String name, AbstractReentrantLock lock,
            Function<AbstractReentrantLock, QNode> head, int pollers, int leastLeft, int mostLeft) throws Exception {
        lock.lock();
        Future<Boolean> queued = Threads.inPlatformThread(() -> {
            lock.lock();
            lock.unlock();
            return true;
        });
        Threads.spinUntil(() -> queuedThreadsBehind(head.apply(lock)) == 1, "a thread that waits with lock() should be queued");

        List<WeakReference<Thread>> ended = pollUntilEachGaveUp(lock, pollers);
        int left = linkedAfter(head.apply(lock)) - (head.apply(lock).thread == Thread.currentThread() ? 1 : 0);
        assertTrue(leastLeft <= left && left <= mostLeft, name + ": " + left + " nodes of " + pollers * POLLS
                + " abandoned attempts still queued behind the head, " + leastLeft + " to " + mostLeft + " expected");
        for (WeakReference<Thread> poller : ended) {
            assertTrue(Threads.collected(poller), name + ": a poller that gave up and ended should be collectable");
        }

        lock.unlock();
        assertTrue(Threads.get(queued), "the queued thread should get the lock once it is let go");
    }

    /**
     * The threads queued at or behind the head other than this one: the head itself where it is a
     * waiting leader (NUMA_MCS), the nodes behind this thread's own head node otherwise.
     */
    private static int queuedThreadsBehind(QNode head) {
        if (head == null) {
            return 0;
        }
        return head.thread == Thread.currentThread() ? linkedAfter(head) : 1 + linkedAfter(head);
    }

    private static List<WeakReference<Thread>> pollUntilEachGaveUp(AbstractReentrantLock lock, int pollers)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        Queue<String> failures = new ConcurrentLinkedQueue<>();
        for (int p = 0; p < pollers; p++) {
            threads.add(Thread.ofPlatform().name("poller-" + p).start(() -> {
                for (int i = 0; i < POLLS; i++) {
                    try {
                        if (lock.tryLock(100, TimeUnit.MICROSECONDS)) {
                            failures.add(Thread.currentThread().getName() + " got the lock, which is held throughout");
                            lock.unlock();
                        }
                    } catch (InterruptedException e) {
                        failures.add(Thread.currentThread().getName() + " was interrupted");
                    }
                }
            }));
        }
        List<WeakReference<Thread>> ended = new ArrayList<>();
        for (Thread thread : threads) {
            thread.join(Threads.PATIENCE.toMillis());
            assertFalse(thread.isAlive(), thread.getName() + " should have ended");
            ended.add(new WeakReference<>(thread));
        }
        assertTrue(failures.isEmpty(), failures::toString);
        return ended;
    }

    /** The nodes linked after {@code node}. */
    private static int linkedAfter(QNode node) {
        int linked = 0;
        for (QNode next = node.next; next != null; next = next.next) {
            linked++;
        }
        return linked;
    }
}
