package org.numaloom.linearizability.vthreads;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;

import org.numaloom.locks.LockCases;

/**
 * Runs a lock-guarded counter on virtual threads, records every operation's interval and result,
 * and checks the history with {@link CounterLinearizability}.
 *
 * <p>This is what Lincheck cannot do: Lincheck runs its operations on its own platform threads,
 * so the interleavings it explores never include a virtual thread unmounting inside a critical
 * section. Here the holder yields or parks inside, on one or two carriers, and increments come
 * through every way of asking for the lock ({@code lock}, {@code tryLock} with a fallback,
 * {@code tryLock(timeout)} with a fallback, {@code lockInterruptibly}). The price is that the
 * history is a sample of the schedules the JVM happened to produce, not all of them.
 *
 * <p>Run in a child JVM by {@link VirtualThreadHistoryTest} (the carriers are fixed at JVM start).
 * Prints one line, {@code LINEARIZABLE ...} or {@code VIOLATION ...}, and exits 0 or 1.
 *
 * <p>Usage: {@code CounterHistoryRun LOCK_NAME THREADS OPERATIONS_PER_THREAD}.
 */
public final class CounterHistoryRun {
    private final Lock lock;
    private long count;

    private CounterHistoryRun(Lock lock) {
        this.lock = lock;
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 3) {
            System.err.println("usage: CounterHistoryRun LOCK_NAME THREADS OPERATIONS_PER_THREAD");
            System.exit(2);
        }
        List<CounterOp> history = new CounterHistoryRun(LockCases.named(args[0]).create())
                .record(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
        Optional<String> violation = CounterLinearizability.violation(history);
        System.out.println(violation.map(why -> "VIOLATION " + why)
                .orElse("LINEARIZABLE " + history.size() + " operations"));
        System.exit(violation.isPresent() ? 1 : 0);
    }

    private List<CounterOp> record(int threads, int operationsPerThread) throws InterruptedException {
        List<List<CounterOp>> perThread = new ArrayList<>();
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<CounterOp> ops = new ArrayList<>(operationsPerThread);
            perThread.add(ops);
            started.add(Thread.ofVirtual().name("history-" + t).start(() -> {
                for (int i = 0; i < operationsPerThread; i++) {
                    ops.add(nextOperation());
                }
            }));
        }
        for (Thread thread : started) {
            thread.join();
        }
        return perThread.stream().flatMap(List::stream).toList();
    }

    private CounterOp nextOperation() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int choice = random.nextInt(5);
        long invoked = System.nanoTime();
        long value = choice == 0 ? get() : incrementAndGet(choice);
        long responded = System.nanoTime();
        return choice == 0 ? CounterOp.read(invoked, responded, value) : CounterOp.increment(invoked, responded, value);
    }

    private long get() {
        lock.lock();
        try {
            Thread.yield();
            return count;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Increments under the lock, asked for in the way the choice (1..4) names. The holder yields
     * or parks between reading and writing the counter: a virtual thread is unmounted only at such
     * points, so without one even a lock that excludes nobody would never lose an update.
     */
    private long incrementAndGet(int choice) {
        acquire(choice);
        try {
            long value = count + 1;
            passTimeInside(choice);
            count = value;
            return value;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the lock. A failed tryLock falls back to lock(): the operation must happen, or its
     * outcome would depend on timing and no sequential counter could explain it.
     */
    private void acquire(int choice) {
        boolean taken = switch (choice) {
            case 1 -> false;
            case 2 -> lock.tryLock();
            case 3 -> tryLockBriefly();
            default -> lockInterruptiblyOrNot();
        };
        if (!taken) {
            lock.lock();
        }
    }

    private boolean tryLockBriefly() {
        try {
            return lock.tryLock(50, TimeUnit.MICROSECONDS);
        } catch (InterruptedException e) {
            throw new IllegalStateException("nobody interrupts these threads", e);
        }
    }

    private boolean lockInterruptiblyOrNot() {
        try {
            lock.lockInterruptibly();
            return true;
        } catch (InterruptedException e) {
            throw new IllegalStateException("nobody interrupts these threads", e);
        }
    }

    private static void passTimeInside(int choice) {
        if (choice % 2 == 0) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(5_000);
        }
    }
}
