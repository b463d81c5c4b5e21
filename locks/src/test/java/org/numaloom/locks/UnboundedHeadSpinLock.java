package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * NEGATIVE CONTROL, known broken: the seed design's flaw, kept so that the virtual-thread stress
 * harness (stress/, {@code VirtualThreadStress}) proves it can catch it. The head of the queue spins on the lock word without bound and
 * never parks. With one carrier, once the holder yields inside its critical section, the spinning
 * head occupies the only carrier and the holder never runs again: the program hangs.
 *
 * <p>Everything else is the kit's own machinery (queue, lock word), so the scenario's verdict is
 * about the unbounded spin alone.
 */
final class UnboundedHeadSpinLock extends OwnerFieldLock {
    private final LockWord word = new LockWord();
    private final McsQueue queue = new McsQueue();
    private QNode holderNode;

    UnboundedHeadSpinLock() {
    }

    @Override
    boolean take() {
        if (!word.tryTake()) {
            return false;
        }
        holderNode = null;
        return true;
    }

    @Override
    boolean await(Waiter waiter) {
        QNode node = new QNode(Thread.currentThread());
        if (queue.enqueue(node) != null && !queue.awaitHead(node, waiter)) {
            return false;
        }
        while (!word.tryTake()) {
            Thread.onSpinWait();
        }
        holderNode = node;
        return true;
    }

    @Override
    void letGo() {
        QNode node = holderNode;
        holderNode = null;
        word.release();
        if (node != null) {
            QNode next = queue.passHead(node);
            if (next != null) {
                LockSupport.unpark(next.thread);
            }
        }
    }
}
