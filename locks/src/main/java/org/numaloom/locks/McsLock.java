package org.numaloom.locks;

/**
 * A plain MCS lock: one FIFO queue, the head holds the lock, waiters spin briefly and then park.
 *
 * <p>Strict FIFO: a thread that finds the lock free takes it only if nobody waits, so every
 * hand-over between threads goes to the oldest waiter. On platform threads that is the MCS lock of
 * the literature. On virtual threads it is the reference point for what strict hand-over costs:
 * when the oldest waiter is parked, the lock stays idle for the wake-up and the scheduling round
 * trip of that waiter, while running threads that could have used it queue behind. The NUMA locks
 * of the kit let running threads barge for that reason.
 *
 * <p>Reentrant; see {@link AbstractReentrantLock} for the {@code Lock} contract.
 */
public final class McsLock extends AbstractReentrantLock {
    private final McsQueue queue = new McsQueue();
    /** The holder's node, written and read only by the holder. */
    private QNode holderNode;

    public McsLock() {
        this(DEFAULT_SPINS_BEFORE_PARK);
    }

    /** @param spinsBeforePark rounds a waiter spins before it parks (0: park at once) */
    public McsLock(int spinsBeforePark) {
        super(spinsBeforePark);
    }

    @Override
    boolean tryAcquire() {
        if (!queue.isEmpty()) {
            return false;
        }
        QNode node = new QNode(Thread.currentThread());
        if (!queue.enqueueIfEmpty(node)) {
            return false;
        }
        holderNode = node;
        return true;
    }

    @Override
    boolean acquire(Waiter waiter) {
        QNode node = new QNode(Thread.currentThread());
        if (queue.enqueue(node) != null && !queue.awaitHead(node, waiter)) {
            return false;
        }
        holderNode = node;
        return true;
    }

    @Override
    void release() {
        QNode node = holderNode;
        holderNode = null;
        queue.passHead(node);
    }
}
