package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;

/**
 * Named threads take a lock in many short rounds that start together, while one more thread keeps
 * a core busy, so that a thread that yields may lose its core for a time slice: the way to widen
 * the few-instruction windows of a lost wake-up until a test sees them. Every round's end leaves
 * the lock free with nobody left to release it, so a waiter whose wake-up was lost stays parked,
 * and the next round never starts; later releases of the others would otherwise rescue it.
 *
 * <p>Each acquisition holds the lock briefly and then waits as long outside it, so that a waiting
 * thread, not the releasing one, often takes the lock next.
 */
final class ContendedRounds {
    private ContendedRounds() {
    }

    /**
     * @param names threads named "X@K" run on node K under {@link LockCases#byThreadName}
     * @throws AssertionError naming the round that could not start
     */
    static void run(Lock lock, List<String> names, int rounds, int acquisitionsPerRound) throws Exception {
        CyclicBarrier roundStart = new CyclicBarrier(names.size());
        AtomicBoolean done = new AtomicBoolean();
        Thread busy = Thread.ofPlatform().daemon().name("busy").start(() -> {
            while (!done.get()) {
                Thread.onSpinWait();
            }
        });
        try {
            List<Threads.Running<Void>> takers = new ArrayList<>();
            for (String name : names) {
                takers.add(Threads.running(name, () -> {
                    for (int round = 0; round < rounds; round++) {
                        try {
                            roundStart.await(Threads.PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
                        } catch (TimeoutException | BrokenBarrierException e) {
                            throw new AssertionError("round " + round + " did not start: a thread of the round before "
                                    + "is still waiting though the lock is free (a lost wake-up)", e);
                        }
                        for (int i = 0; i < acquisitionsPerRound; i++) {
                            lock.lock();
                            holdBriefly();
                            lock.unlock();
                            holdBriefly();
                        }
                    }
                    return null;
                }));
            }
            for (Threads.Running<Void> taker : takers) {
                taker.get();
            }
        } finally {
            done.set(true);
            busy.join();
        }
    }

    private static void holdBriefly() {
        for (int i = 0; i < 100; i++) {
            Thread.onSpinWait();
        }
    }
}
