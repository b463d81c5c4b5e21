package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A Mellor-Crummey–Scott queue whose waiters park, and may give up.
 *
 * <p>Threads append {@link QNode}s by swapping the tail, then link the predecessor to the new node.
 * The node at the head is the one whose turn it is: in {@link McsLock} it holds the lock, in
 * {@link NumaMcsLock} and {@link CnaLock} it leads its queue in the competition for the lock word.
 * The head passes its turn on with {@link #passHead}, which only makes the successor the head: the
 * caller decides when to wake it, so that a lock can keep a wake-up out of its critical section.
 * Each waiter waits on its own node's status, so a hand-over touches one remote cache line.
 *
 * <p>Giving up (timeout, interrupt) must leave the queue consistent without help from the thread
 * that gives up, which is by then gone. A waiter that gives up only marks its node
 * {@link QNode#CANCELLED}; {@code passHead} skips cancelled nodes and unlinks a cancelled tail. The
 * mark and the hand-over are compare-and-sets on the same status, so exactly one of them wins: a
 * waiter that loses the race has become the head after all and must behave as one.
 *
 * <p>The one unbounded wait is {@link #awaitLink}: between swapping the tail and linking its
 * predecessor, an arriving thread executes no blocking operation, so a virtual thread cannot be
 * unmounted there; only the operating system can delay it, and the wait yields now and then so
 * that a delayed platform thread gets a CPU.
 */
class McsQueue extends McsQueueTail {
    /**
     * Trailing padding of {@code tail}. The {@code int} fills the gap that the 4-byte {@code tail}
     * leaves before the first {@code long}; left empty, HotSpot would put a subclass's field there,
     * next to {@code tail} ({@code LayoutTest} checks the real offsets).
     */
    @SuppressWarnings("unused")
    private int gapFiller;
    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    /**
     * The longest a queued waiter spins on its node before it parks, in nanoseconds, unless a lock
     * is built with its own: about one park/unpark round trip of a virtual thread (1 µs on one
     * carrier, 2.5 µs across two, measured on a 2-core x86_64 machine). Every queued waiter spins,
     * not only the head, so a longer spin costs carriers: with 20 µs, MCS's sections of about 2.5 µs
     * that yield ran 3.6 times slower at 8 and 64 threads on 2 carriers.
     */
    static final Tuning.Setting MAX_SPIN_NANOS = Tuning.nanos("numaloom.maxSpinNanos", 2_000L);
    /** {@link #MAX_SPIN_NANOS}'s value, or its default if the property was refused. */
    static final long DEFAULT_MAX_SPIN_NANOS = MAX_SPIN_NANOS.value();

    private static final VarHandle TAIL;
    private static final int SPINS_BEFORE_YIELD = 64;

    static {
        try {
            TAIL = MethodHandles.lookup().findVarHandle(McsQueueTail.class, "tail", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Appends a node.
     *
     * @return its predecessor, or null if the node is now the head
     */
    final QNode enqueue(QNode node) {
        QNode predecessor = (QNode) TAIL.getAndSet(this, node);
        if (predecessor == null) {
            node.status = QNode.HEAD;
        } else {
            predecessor.next = node;
        }
        return predecessor;
    }

    /** Makes the node the head if the queue is empty; never waits. */
    final boolean enqueueIfEmpty(QNode node) {
        if (tail != null || !TAIL.compareAndSet(this, null, node)) {
            return false;
        }
        node.status = QNode.HEAD;
        return true;
    }

    final boolean isEmpty() {
        return tail == null;
    }

    /**
     * Parks until the node's turn comes (it becomes the head, or is granted more).
     *
     * @return true if it did; false if the waiter gave up, in which case the node is cancelled
     *         and will be skipped
     */
    final boolean awaitHead(QNode node, Waiter waiter) {
        while (node.status == QNode.WAITING) {
            if (!waiter.park(this) && node.casStatus(QNode.WAITING, QNode.CANCELLED)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Spins on the node's own status, which only its predecessor writes, until its turn comes: for
     * at most {@code maxSpinNanos}, and while the holder of {@code lock} may be running
     * ({@link Holders}).
     *
     * @return true if the turn came; false if the caller must park ({@link #awaitHead})
     */
    static boolean spinUntilTurn(QNode node, long maxSpinNanos, AbstractReentrantLock lock) {
        if (maxSpinNanos == 0) {
            return false;
        }
        long start = System.nanoTime();
        for (int round = 1; node.status == QNode.WAITING; round++) {
            if (!Holders.mayBeRunning(lock.holderHint())
                    || (round & 3) == 0 && System.nanoTime() - start > maxSpinNanos) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /**
     * Passes the head from the node to the first successor that has not given up, without waking
     * it.
     *
     * @return the new head, or null if the queue is now empty
     */
    QNode passHead(QNode node) {
        return passTurn(node, QNode.HEAD);
    }

    /**
     * As {@link #passHead}, but the successor's turn comes as {@link QNode#GRANTED}: for a lock that
     * hands more than this queue's turn over with it (an {@link HmcsLock} cohort keeps the levels
     * above).
     */
    final QNode grantToSuccessor(QNode node) {
        return passTurn(node, QNode.GRANTED);
    }

    private QNode passTurn(QNode node, int turn) {
        QNode successor = node.next;
        if (successor == null && (successor = successorOrEmpty(node)) == null) {
            return null;
        }
        return firstLive(successor, turn);
    }

    /**
     * Makes the first node, from {@code first} along the queue, that has not given up the head.
     *
     * @return the new head; null if every node from {@code first} on had given up and the queue is
     *         now empty
     */
    final QNode headFirstLive(QNode first) {
        return firstLive(first, QNode.HEAD);
    }

    /** Gives the turn to the first node from {@code first} on that has not given up; null if none is left. */
    private QNode firstLive(QNode first, int turn) {
        for (QNode candidate = first; ; ) {
            if (candidate.casStatus(QNode.WAITING, turn)) {
                return candidate;
            }
            QNode next = candidate.next;
            if (next == null && (next = successorOrEmpty(candidate)) == null) {
                return null;
            }
            candidate = next;
        }
    }

    /**
     * The node after {@code last}, which had none linked yet: waits for an arriving thread to link
     * itself, unless {@code last} is the tail, which is then swung to null.
     *
     * @return the successor, or null if the queue is now empty
     */
    QNode successorOrEmpty(QNode last) {
        return TAIL.compareAndSet(this, last, null) ? null : awaitLink(last);
    }

    /** Swings the tail from {@code expected} to {@code update}; only the head's passer calls this. */
    final boolean casTail(QNode expected, QNode update) {
        return TAIL.compareAndSet(this, expected, update);
    }

    static QNode awaitLink(QNode node) {
        QNode successor;
        for (int spins = 0; (successor = node.next) == null; spins++) {
            if (spins % SPINS_BEFORE_YIELD == SPINS_BEFORE_YIELD - 1) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
        return successor;
    }
}

abstract class McsQueueTail extends Padding {
    volatile QNode tail;
}
