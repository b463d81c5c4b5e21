package org.numaloom.locks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Lock;

/**
 * A scenario for a child JVM ({@link QueuedInterruptsTest}): several virtual threads queue in
 * {@code lockInterruptibly()} behind a holder that never lets go, and are all interrupted at once.
 * Every one must give up with an {@link InterruptedException} while the lock is still held.
 *
 * <p>What makes this hard for a queue lock is the order of events on one carrier. The interrupts
 * are issued by a virtual thread, so none of the waiters runs until all are interrupted; then
 * they run in queue order. The first gives up and passes the head of its queue to the second;
 * the second wakes already made the head, so its own give-up (cancelling its place) loses that
 * race. A lock that then forgets the interrupt it consumed lets the second wait on, as the head,
 * until the holder unlocks: a shutdown that interrupts its workers and joins them deadlocks. On
 * two carriers the same race happens now and then.
 *
 * <p>Usage: {@code QueuedInterrupts LOCK_NAME WAITERS}. Prints {@code PASSED ...} or
 * {@code FAILED ...} and exits 0 or 1.
 */
public final class QueuedInterrupts {
    /** Far beyond a wake-up's microseconds: a waiter still blocked after this ignored its interrupt. */
    static final Duration PATIENCE = Duration.ofSeconds(5);

    private QueuedInterrupts() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: QueuedInterrupts LOCK_NAME WAITERS");
            System.exit(2);
        }
        List<String> failures = run(LockCases.named(args[0]).create(), Integer.parseInt(args[1]));
        System.out.println((failures.isEmpty() ? "PASSED " : "FAILED " + String.join("; ", failures) + " ") + args[0]
                + " waiters=" + args[1] + " carriers="
                + System.getProperty("jdk.virtualThreadScheduler.parallelism", "default"));
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    static List<String> run(Lock lock, int waiterCount) throws Exception {
        lock.lock();
        List<Thread> waiters = new ArrayList<>();
        List<CompletableFuture<String>> outcomes = new ArrayList<>();
        for (int i = 0; i < waiterCount; i++) {
            CompletableFuture<String> outcome = new CompletableFuture<>();
            Thread waiter = Thread.ofVirtual().name("waiter-" + i).start(() -> outcome.complete(waitInterruptibly(lock)));
            awaitParked(waiter, outcome);
            waiters.add(waiter);
            outcomes.add(outcome);
        }
        Thread.ofVirtual().name("interrupter").start(() -> waiters.forEach(Thread::interrupt)).join();

        List<String> failures = new ArrayList<>();
        for (int i = 0; i < waiterCount; i++) {
            String outcome;
            try {
                outcome = outcomes.get(i).get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                outcome = "still waiting " + PATIENCE.toSeconds() + " s after its interrupt, "
                        + "interrupt status " + waiters.get(i).isInterrupted();
            }
            if (!outcome.equals("interrupted")) {
                failures.add("waiter " + (i + 1) + " of " + waiterCount + " in the queue: " + outcome);
            }
        }
        lock.unlock();
        for (Thread waiter : waiters) {
            if (!waiter.join(PATIENCE)) {
                failures.add(waiter.getName() + " did not finish after the holder let go");
            }
        }
        if (!lockAndUnlockInAnotherThread(lock)) {
            failures.add("the lock was not usable after its waiters gave up");
        }
        return failures;
    }

    private static String waitInterruptibly(Lock lock) {
        try {
            lock.lockInterruptibly();
        } catch (InterruptedException e) {
            return "interrupted";
        }
        boolean stillInterrupted = Thread.currentThread().isInterrupted();
        lock.unlock();
        return "acquired the lock instead of throwing InterruptedException (interrupt status "
                + stillInterrupted + ")";
    }

    private static void awaitParked(Thread thread, CompletableFuture<String> outcome) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (thread.getState() != Thread.State.WAITING) {
            if (outcome.isDone() || System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(thread + " did not block in lockInterruptibly() behind the holder: "
                        + (outcome.isDone() ? outcome.join() : thread.getState()));
            }
            Thread.sleep(1);
        }
    }

    private static boolean lockAndUnlockInAnotherThread(Lock lock) throws InterruptedException {
        boolean[] done = new boolean[1];
        Thread probe = Thread.ofVirtual().start(() -> {
            lock.lock();
            lock.unlock();
            done[0] = true;
        });
        return probe.join(PATIENCE) && done[0];
    }
}
