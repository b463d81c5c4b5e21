package org.numaloom.locks;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Test helpers: run code in another thread and watch what it is doing. */
final class Threads {
    static final Duration PATIENCE = Duration.ofSeconds(20);

    private Threads() {
    }

    /** Runs the task in a new platform thread; the future completes with its result or exception. */
    static <T> Future<T> inPlatformThread(Callable<T> task) {
        return inThread(Thread.ofPlatform().name("contender"), task);
    }

    static <T> Future<T> inVirtualThread(Callable<T> task) {
        return inThread(Thread.ofVirtual().name("virtual-contender"), task);
    }

    /** Like {@link #inPlatformThread}, and also hands back the thread so that a test can interrupt it. */
    static <T> Running<T> running(Callable<T> task) {
        return running("contender", task);
    }

    /** Like {@link #running(Callable)}, in a thread of the given name. */
    static <T> Running<T> running(String name, Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = Thread.ofPlatform().name(name).start(() -> complete(result, task));
        return new Running<>(thread, result);
    }

    record Running<T>(Thread thread, CompletableFuture<T> result) {
        T get() throws Exception {
            return result.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        }

        /** Waits until the thread is blocked (parked, possibly with a timeout), or fails. */
        Running<T> awaitBlocked() throws InterruptedException {
            long deadline = System.nanoTime() + PATIENCE.toNanos();
            while (true) {
                Thread.State state = thread.getState();
                if (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING) {
                    return this;
                }
                if (result.isDone() || System.nanoTime() - deadline > 0) {
                    throw new AssertionError("expected " + thread + " to block, but it is " + state
                            + (result.isDone() ? " and has finished" : ""));
                }
                Thread.sleep(1);
            }
        }
    }

    /**
     * Spins until the condition holds, or fails with {@code failure} after {@link #PATIENCE}: for a
     * state that another thread holds only briefly, or while it spins, where a sleep would miss it.
     */
    static void spinUntil(BooleanSupplier condition, String failure) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError(failure);
            }
            Thread.onSpinWait();
        }
    }

    private static <T> Future<T> inThread(Thread.Builder builder, Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        builder.start(() -> complete(result, task));
        return result;
    }

    private static <T> void complete(CompletableFuture<T> result, Callable<T> task) {
        try {
            result.complete(task.call());
        } catch (Throwable e) {
            result.completeExceptionally(e);
        }
    }

    static <T> T get(Future<T> future) throws Exception {
        return future.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Whether the referent is collected within 20 collections ({@code System.gc()}, which is a
     * full collection with G1 unless disabled), 10 ms apart: for tests that nothing keeps an
     * object reachable.
     */
    static boolean collected(WeakReference<?> reference) throws InterruptedException {
        for (int collections = 0; reference.get() != null && collections < 20; collections++) {
            System.gc();
            Thread.sleep(10);
        }
        return reference.get() == null;
    }
}
