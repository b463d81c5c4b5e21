package org.numaloom.locks;

/**
 * An {@link McsQueue} that passes its head preferably to a waiter on the same NUMA node as the
 * passing head, in the manner of Dice and Kogan's compact NUMA-aware (CNA) lock.
 *
 * <p>When the head passes on, it looks along the queue for the first waiter whose
 * {@link QNode#numaNode} is its own. The waiters it skips on the way are cut out of the queue and
 * appended to a <em>secondary queue</em>, and the local waiter becomes the head. So the lock, and the
 * data it guards, stay on one node while that node has waiters, and the remote waiters keep their
 * order among themselves.
 *
 * <p><b>Bounds.</b> The secondary queue is put back in front of the queue (the skipped waiters are
 * then the next to lead, oldest first) when the head finds no local waiter, when the queue would
 * otherwise run empty (also when a newcomer arrives at that moment), and at the latest after
 * {@code localPassBound} passes made while it held anyone. So a skipped waiter leads within
 * {@code localPassBound + 1} passes of being skipped. The search looks at no more than
 * {@value #SCAN_LIMIT} waiters, which bounds the work the new lock holder does before it enters
 * its critical section.
 *
 * <p><b>Ownership.</b> The secondary queue and the pass counter are plain fields: only the current
 * head touches them, and it hands them on with the head, through the status compare-and-set that
 * makes its successor the head (a volatile write the successor reads). A cut-out segment ends with
 * a waiter whose {@code next} the passing head clears; that is safe because only the thread that
 * queued right behind it ever writes that field, and it already has. A waiter in the secondary
 * queue that gives up marks its node cancelled as in any queue, and is skipped when the secondary
 * queue is put back.
 *
 * <p><b>Nodes that give up stay linked</b> until the head passes them: unlinking them
 * ({@link McsQueue}'s "Leaving the queue") would let other threads swing {@code next} links that
 * the head cuts and splices here, and could link a secondary waiter into the main queue. So while
 * the head stays put, a thread that polls with a timed {@code tryLock} leaves a node per attempt
 * (without its thread, which a node forgets when it gives up).
 */
final class CnaQueue extends CnaQueueFields {
    /** The most waiters the head looks at for one on its own node. */
    static final int SCAN_LIMIT = 64;

    /** Trailing padding: the head passer's fields are apart from whatever object follows. */
    @SuppressWarnings("unused")
    private long s00, s01, s02, s03, s04, s05, s06, s07, s08, s09, s10, s11, s12, s13, s14, s15;

    CnaQueue(int localPassBound) {
        super(localPassBound);
    }

    @Override
    boolean unlinksAbandonedNodes() {
        return false;
    }

    @Override
    QNode passHead(QNode head) {
        QNode successor = head.next;
        if (successor == null) {
            // The head may be the tail: the plain pass swings the tail, or puts the secondary queue back.
            return super.passHead(head);
        }
        QNode next = secondaryHead != null && passesWhileSecondaryWaits >= localPassBound
                ? putSecondaryBackBefore(successor)
                : firstOnNodeOrBack(successor, head.numaNode);
        return headFirstLive(next);
    }

    /**
     * At the end of the queue the secondary queue becomes the queue, so that no skipped waiter is
     * stranded once the main queue runs empty. A newcomer that swapped the tail just before the
     * queue ran empty, and has not linked itself yet, queues behind the secondary queue, as it
     * would have a moment later: giving it the head instead would pass the head without counting
     * the pass, and a run of such races would keep the skipped waiters out beyond the bound.
     */
    @Override
    QNode successorOrEmpty(QNode last) {
        if (secondaryHead == null) {
            return super.successorOrEmpty(last);
        }
        if (casTail(last, secondaryTail)) {
            return takeSecondary();
        }
        return putSecondaryBackBefore(awaitLink(last));
    }

    /**
     * The first waiter on {@code numaNode} among the first {@value #SCAN_LIMIT}, with the waiters
     * before it moved to the secondary queue; if there is none, the secondary queue put back before
     * {@code successor}, or {@code successor} itself.
     */
    private QNode firstOnNodeOrBack(QNode successor, int numaNode) {
        QNode lastSkipped = null;
        QNode candidate = successor;
        for (int scanned = 0; candidate != null && scanned < SCAN_LIMIT; scanned++) {
            if (candidate.numaNode == numaNode) {
                if (lastSkipped != null) {
                    moveToSecondary(successor, lastSkipped);
                }
                if (secondaryHead != null) {
                    passesWhileSecondaryWaits++;
                }
                return candidate;
            }
            lastSkipped = candidate;
            candidate = candidate.next;
        }
        return secondaryHead == null ? successor : putSecondaryBackBefore(successor);
    }

    /** Cuts the segment {@code first..last} out of the queue and appends it to the secondary queue. */
    private void moveToSecondary(QNode first, QNode last) {
        last.next = null;
        if (secondaryHead == null) {
            secondaryHead = first;
        } else {
            secondaryTail.next = first;
        }
        secondaryTail = last;
    }

    /** Links the secondary queue in before {@code successor}; returns its first waiter. */
    private QNode putSecondaryBackBefore(QNode successor) {
        secondaryTail.next = successor;
        return takeSecondary();
    }

    private QNode takeSecondary() {
        QNode first = secondaryHead;
        secondaryHead = null;
        secondaryTail = null;
        passesWhileSecondaryWaits = 0;
        return first;
    }
}

/** The head passer's fields of a {@link CnaQueue}, after the padding of the queue's leader. */
abstract class CnaQueueFields extends NodeQueue {
    final int localPassBound;
    QNode secondaryHead;
    QNode secondaryTail;
    int passesWhileSecondaryWaits;

    CnaQueueFields(int localPassBound) {
        if (localPassBound < 1) {
            throw new IllegalArgumentException("localPassBound must be >= 1, got " + localPassBound);
        }
        this.localPassBound = localPassBound;
    }
}
