package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a spinning waiter learns of the holder ({@link AbstractReentrantLock#holderHint()}) and what
 * {@code toString} says: the holder while it holds the lock, nobody once it let go. The lock keeps
 * its latest holder's thread after the release (so that a thread taking it again writes nothing),
 * so a hint that handed that thread out unchecked would name a thread that no longer holds the
 * lock, and a spinner that found it unmounted would stop spinning for a holder that runs.
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
    void theHintNamesTheHolderWhileItHoldsTheLockAndNobodyOnceItLetGo(String name,
            Supplier<AbstractReentrantLock> locks) throws Exception {
        AbstractReentrantLock lock = locks.get();
        assertNull(lock.holderHint(), "a lock nobody has taken");

        lock.lock();
        assertSame(Thread.currentThread(), lock.holderHint(), "while this thread holds it");
        assertEquals(objectName(lock) + "[Locked by thread " + Thread.currentThread().getName() + "]",
                lock.toString());
        lock.unlock();
        assertNull(lock.holderHint(), "after this thread let it go");
        assertEquals(objectName(lock) + "[Unlocked]", lock.toString());

        Thread other = Threads.get(Threads.inPlatformThread(() -> {
            lock.lock();
            try {
                assertSame(Thread.currentThread(), lock.holderHint(), "while another thread holds it");
                assertEquals(objectName(lock) + "[Locked by thread " + Thread.currentThread().getName() + "]",
                        lock.toString());
                return Thread.currentThread();
            } finally {
                lock.unlock();
            }
        }));
        assertNull(lock.holderHint(), "after the other thread (" + other.getName() + ") let it go");
    }

    /** What {@code toString} starts with: {@link Object#toString()}'s class and hash. */
    private static String objectName(Object lock) {
        return lock.getClass().getName() + "@" + Integer.toHexString(lock.hashCode());
    }
}
