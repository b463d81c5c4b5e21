package org.numaloom.locks;

import java.util.concurrent.locks.LockSupport;

/**
 * A plain MCS lock: one FIFO queue, the head holds the lock, waiters spin briefly on their own
 * node and then park.
 *
 * <p>Strict FIFO: a thread that finds the lock free takes it only if nobody waits, so every
 * hand-over between threads goes to the oldest waiter. On platform threads that is the MCS lock of
 * the literature (Mellor-Crummey and Scott, "Algorithms for Scalable Synchronization on
 * Shared-Memory Multiprocessors", ACM TOCS 1991). On virtual threads it is the reference point for
 * what strict hand-over costs: when the oldest waiter is parked, the lock stays idle for the
 * wake-up and the scheduling round trip of that waiter, while running threads that could have used
 * it queue behind. The NUMA locks of the kit let running threads barge for that reason.
 *
 * <p>Reentrant; see {@link AbstractReentrantLock} for the {@code Lock} contract.
 */
public final class McsLock extends McsLockFields {
    /** Trailing padding of the holder's fields. */
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;

    /**
     * The longest a waiter spins on its node before it parks, unless a lock is built with its own:
     * 2,000 ns, or the system property {@code numaloom.maxSpinNanos} (see {@link McsQueue#spinUntilTurn}).
     */
    public static final long DEFAULT_MAX_SPIN_NANOS = McsQueue.DEFAULT_MAX_SPIN_NANOS;

    private final McsQueue queue = new McsQueue();
    private final long maxSpinNanos;

    /**
     * A lock with the default spin.
     *
     * @throws IllegalArgumentException if {@code numaloom.maxSpinNanos} holds a value that was refused
     */
    public McsLock() {
        this(McsQueue.MAX_SPIN_NANOS.checked());
    }

    /** @param maxSpinNanos the longest a waiter spins on its node before it parks (0: park at once) */
    public McsLock(long maxSpinNanos) {
        this.maxSpinNanos = checkedSpin(maxSpinNanos);
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
        watchHolder();
        try {
            if (queue.enqueue(node) != null && !McsQueue.spinUntilTurn(node, maxSpinNanos, this, waiter)
                    && !queue.awaitHead(node, waiter)) {
                return false;
            }
        } finally {
            unwatchHolder();
        }
        holderNode = node;
        return true;
    }

    @Override
    void release() {
        QNode node = holderNode;
        holderNode = null;
        QNode next = queue.passHead(node);
        if (next != null) {
            LockSupport.unpark(next.thread);
        }
    }
}

/** The holder's field of an {@link McsLock}, beside the holder and hold count. */
abstract class McsLockFields extends AbstractReentrantLock {
    /**
     * The holder's node, null while nobody holds the lock; written by the holder only, read by
     * others to name the owner ({@link #ownerId()}).
     */
    QNode holderNode;

    @Override
    final long ownerId() {
        return QNode.holderIdOf(holderNode);
    }
}
