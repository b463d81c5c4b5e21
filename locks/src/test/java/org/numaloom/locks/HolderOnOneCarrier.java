package org.numaloom.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A scenario for a child JVM with one carrier ({@link HolderHintTest}), where a lock records every
 * holder's thread, watched or not, for spinners that do not watch: a holder keeps its hint when
 * the last waiter gives up while it holds the lock; and a thread that took the lock and let it go
 * with nobody waiting, then ended, is not kept reachable.
 *
 * <p>Usage: {@code HolderOnOneCarrier LOCK_NAME}. Prints {@code PASSED ...} or {@code FAILED ...}
 * and exits 0 or 1.
 */
public final class HolderOnOneCarrier {
    private HolderOnOneCarrier() {
    }

    public static void main(String[] args) throws Exception {
        AbstractReentrantLock lock = (AbstractReentrantLock) ChildJvm.lockNamedBy(args, HolderOnOneCarrier.class);
        List<String> failures = new ArrayList<>();
        if (Holders.SEVERAL_CARRIERS) {
            failures.add("the scheduler has several carriers, not one");
        }
        if (!holderKeepsItsHintWhenTheLastWaiterGivesUp(lock)) {
            failures.add("a holder lost its hint when the last waiter gave up");
        }
        if (!Threads.collected(HolderHintTest.holdInAThreadThatEnds(lock, holder -> { }))) {
            failures.add("a thread that held the lock and ended is still reachable");
        }
        System.out.println((failures.isEmpty() ? "PASSED " : "FAILED " + String.join("; ", failures) + " ") + args[0]);
        System.exit(failures.isEmpty() ? 0 : 1);
    }

    /** A virtual thread holds the lock while this thread waits for it in a timed tryLock and gives up. */
    private static boolean holderKeepsItsHintWhenTheLastWaiterGivesUp(AbstractReentrantLock lock) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        Thread holder = Thread.ofVirtual().name("holder").start(() -> {
            lock.lock();
            try {
                held.countDown();
                letGo.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lock.unlock();
            }
        });
        held.await();
        boolean gaveUp = !lock.tryLock(10, TimeUnit.MILLISECONDS);
        Thread hint = lock.holderHint();
        letGo.countDown();
        holder.join();
        return gaveUp && hint == holder;
    }
}
