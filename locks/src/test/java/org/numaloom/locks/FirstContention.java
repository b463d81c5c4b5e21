package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

/**
 * A scenario for a child JVM ({@link FirstContentionTest}): the main thread builds a lock, then
 * virtual threads contend for it, yielding while they hold it,
 * so that the others find it held by an unmounted holder and spin, queue, park and are handed the
 * lock: every slow path runs for the first time in the contenders. Run with
 * {@code -Xlog:class+init=info}, the JVM's output names the thread that initialized each class
 * (for a virtual thread, its carrier).
 *
 * <p>Usage: {@code FirstContention LOCK_NAME}. Prints {@code DONE <acquisitions>} at the end and
 * exits 0.
 */
public final class FirstContention {
    private static final int CONTENDERS = 32;
    private static final int ACQUISITIONS_EACH = 50;
    /** The last line of a run in which every acquisition was counted. */
    static final String DONE = "DONE " + CONTENDERS * ACQUISITIONS_EACH;

    private FirstContention() {
    }

    public static void main(String[] args) throws InterruptedException {
        Lock lock = ChildJvm.lockNamedBy(args, FirstContention.class);
        int[] acquisitions = new int[1];
        List<Thread> contenders = new ArrayList<>();
        for (int i = 0; i < CONTENDERS; i++) {
            contenders.add(Thread.ofVirtual().start(() -> {
                for (int n = 0; n < ACQUISITIONS_EACH; n++) {
                    lock.lock();
                    try {
                        acquisitions[0]++;
                        Thread.yield();
                    } finally {
                        lock.unlock();
                    }
                }
            }));
        }
        for (Thread contender : contenders) {
            contender.join();
        }
        System.out.println("DONE " + acquisitions[0]);
    }
}
