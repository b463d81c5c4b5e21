package org.numaloom.locks;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A scenario for a child JVM with one carrier ({@link LockConditionTest}): a virtual thread waits
 * on a condition with a deadline, and another, which can only run once the waiter gives up its
 * carrier, signals it. A timed wait that parks lets the signaller run and returns true at once; one
 * that spun until its deadline would keep the only carrier, so the signal could come only after the
 * deadline and the wait would report a time-out. Each way of giving a deadline is tried: a
 * {@code System.nanoTime()} deadline ({@code await(time, unit)}) and a wall-clock one
 * ({@code awaitUntil(Date)}).
 *
 * <p>Usage: {@code TimedAwaitOnOneCarrier LOCK_NAME}. Prints {@code PASSED ...} or
 * {@code FAILED ...} and exits 0 or 1.
 */
public final class TimedAwaitOnOneCarrier {
    /** Long enough that a signal after it is a time-out by any measure, short enough for a test. */
    private static final long DEADLINE_SECONDS = 3;

    private interface TimedAwait {
        boolean await(Condition condition) throws InterruptedException;
    }

    private TimedAwaitOnOneCarrier() {
    }

    public static void main(String[] args) throws Exception {
        Lock lock = ChildJvm.lockNamedBy(args, TimedAwaitOnOneCarrier.class);
        List<String> failures = new ArrayList<>();
        check(lock, "await(time, unit)", condition -> condition.await(DEADLINE_SECONDS, TimeUnit.SECONDS), failures);
        check(lock, "awaitUntil(Date)",
                condition -> condition.awaitUntil(new Date(System.currentTimeMillis() + DEADLINE_SECONDS * 1000)), failures);
        System.out.println((failures.isEmpty() ? "PASSED " : "FAILED " + String.join("; ", failures) + " ") + args[0]
                + " carriers=" + System.getProperty("jdk.virtualThreadScheduler.parallelism", "default"));
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    private static void check(Lock lock, String call, TimedAwait timedAwait, List<String> failures) throws Exception {
        Condition condition = lock.newCondition();
        AtomicBoolean waiting = new AtomicBoolean();
        boolean[] signalled = new boolean[1];
        Thread waiter = Thread.ofVirtual().name("waiter").start(() -> {
            lock.lock();
            try {
                waiting.set(true); // under the lock: the signaller's lock() returns only after await released it
                signalled[0] = timedAwait.await(condition);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                lock.unlock();
            }
        });
        Thread signaller = Thread.ofVirtual().name("signaller").start(() -> {
            while (!waiting.get()) {
                Thread.yield();
            }
            lock.lock();
            try {
                condition.signal();
            } finally {
                lock.unlock();
            }
        });
        waiter.join();
        signaller.join();
        if (!signalled[0]) {
            failures.add(call + " reported a time-out: the signaller did not run before the deadline, so the wait "
                    + "kept the only carrier instead of parking");
        }
    }
}
