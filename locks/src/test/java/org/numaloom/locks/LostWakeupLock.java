package org.numaloom.locks;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * NEGATIVE CONTROL, known broken: a lost wake-up. A lock word, and waiters that the releaser hands
 * the lock to directly. A thread that finds the word taken enqueues itself and waits to be granted
 * the lock; the releaser grants it to the first waiter it sees, or frees the word if it sees none.
 * The check is racy: if the release falls between a waiter's look at the word and its enqueueing,
 * the releaser sees no waiter and frees the word, and the waiter waits for a grant that no one will
 * give. It stays parked on a free lock until some later thread happens to pass by.
 *
 * <p>The kit's locks close that window with the Dekker-style pairing described in {@link LockWord}:
 * a waiter publishes itself first and looks at the word again before it parks. Giving up follows
 * the kit's protocol ({@link QNode} status compare-and-sets), so the wake-up lost here is lost only
 * to the race above.
 */
final class LostWakeupLock extends OwnerFieldLock {
    private final LockWord word = new LockWord();
    private final Queue<QNode> waiters = new ConcurrentLinkedQueue<>();

    LostWakeupLock() {
    }

    @Override
    boolean take() {
        return word.tryTake();
    }

    @Override
    boolean await(Waiter waiter) {
        if (word.tryTake()) {
            return true;
        }
        QNode node = new QNode(Thread.currentThread());
        waiters.add(node);
        while (node.status != QNode.GRANTED) {
            if (!waiter.park(this) && node.casStatus(QNode.WAITING, QNode.CANCELLED)) {
                return false;
            }
        }
        return true;
    }

    @Override
    void letGo() {
        for (QNode next; (next = waiters.poll()) != null; ) {
            if (next.casStatus(QNode.WAITING, QNode.GRANTED)) {
                LockSupport.unpark(next.thread);
                return;
            }
        }
        word.release();
    }
}
