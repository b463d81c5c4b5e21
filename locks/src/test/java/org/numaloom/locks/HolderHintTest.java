package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a spinning waiter learns of the holder ({@link AbstractReentrantLock#holderHint()}) and what
 * {@code toString} says. A holder records its thread only while a waiter watches, and the lock keeps
 * the thread after the release (so that a thread taking it again writes nothing): a hint that
 * handed the recorded thread out unchecked would name a thread that no longer holds the lock, or
 * one that held it before an unwatched holder, and a spinner that found that thread unmounted would
 * stop spinning for a holder that runs.
 */
class HolderHintTest {
    static Stream<Arguments> locks() {
        return Stream.of(
                Arguments.of("NUMA_MCS", (Supplier<AbstractReentrantLock>) NumaMcsLock::new),
                Arguments.of("CNA", (Supplier<AbstractReentrantLock>) CnaLock::new),
                Arguments.of("MCS", (Supplier<AbstractReentrantLock>) McsLock::new),
                Arguments.of("HMCS", (Supplier<AbstractReentrantLock>) HmcsLock::new));
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
     * A holder that took the lock while nobody watched may not be recorded (it is, with one carrier);
     * then the hint is null rather than the thread recorded before, and {@code toString} names the
     * holder by its id.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("locks")
    void anUnwatchedHoldIsNeverNamedAfterAnEarlierHolder(String name, Supplier<AbstractReentrantLock> locks)
            throws Exception {
        AbstractReentrantLock lock = locks.get();
        lock.watchHolder();
        lock.lock();
        lock.unlock();
        lock.unwatchHolder();
        Thread earlier = Thread.currentThread();

        Threads.get(Threads.inPlatformThread(() -> holdAndReturn(lock, () -> {
            Thread hint = lock.holderHint();
            assertNotSame(earlier, hint, "the hint while a thread that took the lock unwatched holds it");
            assertEquals(objectName(lock) + "[Locked by thread "
                    + (hint == null ? "#" + Thread.currentThread().threadId() : hint.getName()) + "]", lock.toString());
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
