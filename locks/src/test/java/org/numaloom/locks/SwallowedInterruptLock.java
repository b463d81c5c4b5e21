package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * NEGATIVE CONTROL, known broken: an interrupt consumed while queued is forgotten once the waiter
 * becomes the head of the queue (issue 10, defect 1 of NUMA_MCS and CNA before it was fixed).
 *
 * <p>A lock word that a running thread may take at once, and an {@link McsQueue} of waiters whose
 * head, published as the leader, parks until the word is free; the releaser frees the word and
 * wakes the leader (the Dekker-style pairing of {@link LockWord}). Timed and interruptible waits
 * follow the kit's protocol, with one flaw: when a queued waiter is interrupted just as its
 * predecessor makes it the head, its cancel loses the race and it goes on as the head with a
 * fresh, uninterruptible wait, which knows nothing of the interrupt the queue wait consumed. It
 * waits until the holder lets go, then takes the lock and re-asserts the interrupt instead of
 * throwing.
 */
final class SwallowedInterruptLock extends OwnerFieldLock {
    private final LockWord word = new LockWord();
    private final McsQueue queue = new McsQueue();
    private volatile QNode leader;

    SwallowedInterruptLock() {
    }

    @Override
    boolean take() {
        return word.tryTake();
    }

    @Override
    boolean await(Waiter waiter) {
        QNode node = new QNode(Thread.currentThread());
        if (queue.enqueue(node) != null && !queue.awaitHead(node, waiter)) {
            return false;
        }
        Waiter asHead = waiter.wasInterrupted() ? Waiter.untimed(false) : waiter; // the flaw
        boolean acquired = lead(node, asHead);
        leader = null;
        QNode next = queue.passHead(node);
        if (next != null) {
            LockSupport.unpark(next.thread);
        }
        return acquired;
    }

    private boolean lead(QNode node, Waiter waiter) {
        leader = node;
        for (;;) {
            if (word.tryTake()) {
                return true;
            }
            if (!waiter.park(this)) {
                return word.tryTake();
            }
        }
    }

    @Override
    void letGo() {
        word.release();
        QNode current = leader;
        if (current != null) {
            LockSupport.unpark(current.thread);
        }
    }
}
