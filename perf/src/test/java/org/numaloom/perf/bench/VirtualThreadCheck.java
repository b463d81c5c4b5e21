package org.numaloom.perf.bench;

import java.util.concurrent.atomic.AtomicReference;

/** Runs a benchmark state's check on a virtual thread, as a fork with {@code -Djmh.executor=VIRTUAL} would. */
final class VirtualThreadCheck {
    private VirtualThreadCheck() {
    }

    /** What the check threw on a virtual thread, or null if it passed. */
    static Throwable failureOf(Runnable check) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread.ofVirtual().start(() -> {
            try {
                check.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }).join();
        return failure.get();
    }
}
