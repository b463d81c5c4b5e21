package org.numaloom.locks;

import java.lang.ref.WeakReference;
import java.util.concurrent.locks.Lock;

/**
 * A scenario for a child JVM with one carrier ({@link HolderHintTest}), where a lock records every
 * holder's thread, watched or not, for its spinners: a thread takes the lock and lets it go with
 * nobody waiting, then ends; the lock must not keep it reachable.
 *
 * <p>Usage: {@code HolderOnOneCarrier LOCK_NAME}. Prints {@code PASSED ...} or {@code FAILED ...}
 * and exits 0 or 1.
 */
public final class HolderOnOneCarrier {
    private HolderOnOneCarrier() {
    }

    public static void main(String[] args) throws Exception {
        Lock lock = ChildJvm.lockNamedBy(args, HolderOnOneCarrier.class);
        WeakReference<Thread> formerHolder = holdInAThreadThatEnds(lock);
        for (int collections = 0; formerHolder.get() != null && collections < 20; collections++) {
            System.gc();
            Thread.sleep(10);
        }
        String failure = Holders.SEVERAL_CARRIERS ? "the scheduler has several carriers, not one"
                : formerHolder.get() != null ? "a thread that held the lock and ended is still reachable" : null;
        System.out.println((failure == null ? "PASSED " : "FAILED " + failure + " ") + args[0]);
        System.exit(failure == null ? 0 : 1);
    }

    private static WeakReference<Thread> holdInAThreadThatEnds(Lock lock) throws InterruptedException {
        Thread holder = Thread.ofVirtual().name("former-holder").start(() -> {
            lock.lock();
            lock.unlock();
        });
        holder.join();
        return new WeakReference<>(holder);
    }
}
