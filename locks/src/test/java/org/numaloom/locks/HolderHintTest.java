package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.WeakReference;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a spinning waiter learns of the holder ({@link AbstractReentrantLock#holderHint()}), what
 * {@code toString} says, and that a lock keeps no thread that held it reachable. A holder records
 * its thread only while a waiter watches (always with one carrier), and the lock forgets it once
 * nobody watches: a hint that named a thread that no longer holds the lock, or one that held it
 * before an unwatched holder, would make a spinner that found that thread unmounted stop spinning
 * for a holder that runs.
 */
class HolderHintTest {
    static Stream<Arguments> locks() {
        return Stream.of(
                Arguments.of("NUMA_MCS", (Supplier<AbstractReentrantLock>) NumaMcsLock::new),
                Arguments.of("CNA", (Supplier<AbstractReentrantLock>) CnaLock::new),
                Arguments.of("MCS", (Supplier<AbstractReentrantLock>) McsLock::new),
                Arguments.of("HMCS", (Supplier<AbstractReentrantLock>) LockCases::hmcsInOneLeafGroup));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aWatchedHoldNamesItsHolderAndNobodyOnceItLetGo(String name, Supplier<AbstractReentrantLock> locks)
            throws Exception {
        AbstractReentrantLock lock = locks.get();
        assertNull(lock.holderHint(), "a lock nobody has taken");
        lock.watchHolder();

        lock.lock();
        assertSame(Thread.currentThread(), lock.holderHint(), "while this thread holds it");
        assertEquals(objectName(lock) + "[Locked by thread " + Thread.currentThread().getName() + "]",
                lock.toString());
        lock.unlock();
        assertNull(lock.holderHint(), "after this thread let it go");
        assertEquals(objectName(lock) + "[Unlocked]", lock.toString());

        Thread other = Threads.get(Threads.inPlatformThread(() -> holdAndReturn(lock, () -> {
            assertSame(Thread.currentThread(), lock.holderHint(), "while another thread holds it");
            assertEquals(objectName(lock) + "[Locked by thread " + Thread.currentThread().getName() + "]",
                    lock.toString());
        })));
        assertNull(lock.holderHint(), "after the other thread (" + other.getName() + ") let it go");
    }

    /**
     * Once the last watcher has left, the lock names nobody; a holder that takes it while nobody
     * watches is not recorded, with several carriers (its store would run the write barrier for no
     * reader), so {@code toString} names it by its id; with one carrier every holder is recorded.
     * (That a recorded thread is handed out only while its id is the owner's, which matters when a
     * holder records itself just as the last watcher leaves, is checked by the first case, whose
     * watcher stays while the holder lets go.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aHoldTakenWhileNobodyWatchesIsRecordedOnlyWithOneCarrier(String name, Supplier<AbstractReentrantLock> locks)
            throws Exception {
        AbstractReentrantLock lock = locks.get();
        lock.watchHolder();
        lock.lock();
        lock.unlock();
        lock.unwatchHolder();
        assertNull(lock.holderHint(), "once the last watcher left");

        Threads.get(Threads.inPlatformThread(() -> holdAndReturn(lock, () -> {
            Thread current = Thread.currentThread();
            if (Holders.SEVERAL_CARRIERS) {
                assertNull(lock.holderHint(), "a holder that took the lock while nobody watched");
                assertEquals(objectName(lock) + "[Locked by thread #" + current.threadId() + "]", lock.toString());
            } else {
                assertSame(current, lock.holderHint(), "a holder, with one carrier");
            }
        })));
    }

    /**
     * A thread that waits for the lock watches its holder until it takes the lock, parked or not,
     * so the thread that takes the lock while another still waits records itself for that waiter's
     * spins. Two contenders queue behind this thread's hold; the first to take the lock finds the
     * other still waiting, and must be named by the hint.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aHolderIsNamedWhileAnotherThreadWaits(String name, Supplier<AbstractReentrantLock> locks) throws Exception {
        AbstractReentrantLock lock = locks.get();
        Callable<String> takeAndTell = () -> {
            lock.lock();
            try {
                if (lock.holderWatcherCount() == 0) {
                    return "took it with nobody waiting";
                }
                return lock.holderHint() == Thread.currentThread() ? "named while another waited"
                        : "unnamed while another waited";
            } finally {
                lock.unlock();
            }
        };
        lock.lock();
        Future<String> first = Threads.inPlatformThread(takeAndTell);
        Threads.spinUntil(() -> lock.holderWatcherCount() == 1, "a contender that waits for the lock watches its holder");
        Future<String> second = Threads.inPlatformThread(takeAndTell);
        Threads.spinUntil(() -> lock.holderWatcherCount() == 2, "a second contender watches too");
        lock.unlock();

        assertEquals(Set.of("named while another waited", "took it with nobody waiting"),
                Set.of(Threads.get(first), Threads.get(second)));
    }

    /**
     * A lock must not keep a thread that held it alive, as {@code ReentrantLock} does not: a
     * long-lived lock would otherwise keep its last holder's {@code Thread} reachable, and with it
     * what the thread still refers to, such as its context class loader (the classic leak of an
     * application redeployed in a server that outlives it). The holder takes the lock while a
     * waiter watches, so that it records itself, then ends.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aLockKeepsNoThreadThatTookItAtOnceReachable(String name, Supplier<AbstractReentrantLock> locks) throws Exception {
        AbstractReentrantLock lock = locks.get();
        lock.watchHolder();
        WeakReference<Thread> formerHolder = holdInAThreadThatEnds(lock, holder -> { });
        lock.unwatchHolder();
        assertCollected(formerHolder, "a thread that took " + name + " at once and ended");
    }

    /** The same for a holder that waited in the lock's queues first, where its node stood. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aLockKeepsNoThreadThatWaitedForItReachable(String name, Supplier<AbstractReentrantLock> locks) throws Exception {
        AbstractReentrantLock lock = locks.get();
        lock.watchHolder();
        lock.lock();
        WeakReference<Thread> formerHolder = holdInAThreadThatEnds(lock, holder -> {
            Threads.spinUntil(() -> lock.holderWatcherCount() == 2, "the thread should wait for the lock");
            lock.unlock();
        });
        lock.unwatchHolder();
        assertCollected(formerHolder, "a thread that waited for " + name + ", took it and ended");
    }

    /**
     * With one carrier a lock records every holder's thread, watched or not; it must still forget
     * it as the holder lets go ({@link HolderOnOneCarrier}, in a child JVM with one carrier).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void onOneCarrierALockKeepsNoThreadThatHeldItReachable(String name, Supplier<AbstractReentrantLock> locks)
            throws Exception {
        ChildJvm.Result result = ChildJvm.run(HolderOnOneCarrier.class, 1, 60, name);
        assertFalse(result.hung(), result.output());
        assertEquals(0, result.exitCode(), result.output());
        assertTrue(result.output().startsWith("PASSED"), result.output());
    }

    /**
     * Nor a thread that held it before the current holder, which queued behind it: a waiting node
     * knows the node it queued behind, and must forget it once its turn comes. The second thread
     * starts once the first has parked, so in the queue: a first thread that only watched the holder
     * could still be on its way to the queue, and under load the second queued ahead of it, took
     * the lock, and held it for the whole wait (CI mirror of 9d8696f, CNA: "the holder should have
     * ended ==> expected: <TERMINATED> but was: <WAITING>").
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void aLockKeepsNoThreadThatHeldItBeforeTheQueuedHolderReachable(String name, Supplier<AbstractReentrantLock> locks)
            throws Exception {
        AbstractReentrantLock lock = locks.get();
        lock.lock();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        WeakReference<Thread> formerHolder = holdInAThreadThatEnds(lock, holder -> {
            Threads.spinUntil(() -> lock.holderWatcherCount() == 1 && holder.getState() == Thread.State.WAITING,
                    "the first thread should queue for the lock and park");
            Threads.inPlatformThread(() -> {
                lock.lock();
                try {
                    held.countDown();
                    return letGo.await(Threads.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
                } finally {
                    lock.unlock();
                }
            });
            Threads.spinUntil(() -> lock.holderWatcherCount() == 2, "the second thread should queue behind the first");
            lock.unlock();
        });
        assertTrue(held.await(Threads.PATIENCE.toMillis(), TimeUnit.MILLISECONDS), "the second thread should get the lock");
        try {
            assertCollected(formerHolder, "a thread that held " + name + " before the thread queued behind it, and ended");
        } finally {
            letGo.countDown();
        }
    }

    /**
     * Starts a thread that takes the lock and lets it go, runs {@code meanwhile} with it, waits for
     * the thread to end, and forgets it.
     */
    static WeakReference<Thread> holdInAThreadThatEnds(AbstractReentrantLock lock, Consumer<Thread> meanwhile)
            throws InterruptedException {
        Thread holder = Thread.ofPlatform().name("former-holder").start(() -> holdAndReturn(lock, () -> { }));
        meanwhile.accept(holder);
        holder.join(Threads.PATIENCE.toMillis());
        assertEquals(Thread.State.TERMINATED, holder.getState(), "the holder should have ended");
        return new WeakReference<>(holder);
    }

    /** Fails if the thread stays reachable through collections. */
    private static void assertCollected(WeakReference<Thread> thread, String what) throws InterruptedException {
        assertTrue(Threads.collected(thread), what + ", referred to by nothing but the lock, should be collectable");
    }

    /** Runs {@code whileHeld} holding the lock, and returns the current thread. */
    private static Thread holdAndReturn(AbstractReentrantLock lock, Runnable whileHeld) {
        lock.lock();
        try {
            whileHeld.run();
            return Thread.currentThread();
        } finally {
            lock.unlock();
        }
    }

    /** What {@code toString} starts with: {@link Object#toString()}'s class and hash. */
    private static String objectName(Object lock) {
        return lock.getClass().getName() + "@" + Integer.toHexString(lock.hashCode());
    }
}
