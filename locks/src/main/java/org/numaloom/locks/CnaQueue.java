package org.numaloom.locks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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
 * <p><b>Ownership.</b> The secondary queue and the pass counter are plain fields, touched only with
 * the links locked (below): by a pass, and by a node that gave up, unlinking others; the lock's
 * release and compare-and-set hand them from one to the next. A cut-out segment ends with a waiter
 * whose {@code next} the pass clears; that is safe because only the thread that queued right
 * behind it ever writes that field, and it already has. A waiter in the secondary queue that gives
 * up marks its node cancelled as in any queue, and is unlinked, or skipped when the secondary
 * queue is put back.
 *
 * <p><b>Nodes that give up leave the queue</b> under a lock on the links ({@code linksLocked}).
 * {@link McsQueue}'s unlinking, a compare-and-set on a predecessor's {@code next} by any thread,
 * could swing a link at the moment the head cuts it or splices the secondary queue back, and link
 * a set-aside waiter into the main queue. Here a pass holds the lock while it touches the links,
 * and a node that gives up takes it if it is free and unlinks every node that gave up: along the
 * queue from its head ({@code head}, recorded by each pass and by a thread that finds the queue
 * empty) to the tail as it was, and along the secondary queue. A node that gave up and has no
 * successor linked yet stays, since an arrival may be linking itself behind it; and a node that
 * finds the links locked unlinks nothing, leaving its node to the next node that gives up (the
 * thread that holds them may be a walk that began before it gave up, or a pass, which skips the
 * nodes that gave up only on its way to the new head). So while the head stays put (a long hold, a
 * leader parked), a thread that polls with a timed {@code tryLock} leaves about its last node, not
 * one per attempt. The links are held only while a thread walks or rewrites them, never across a
 * block or a park; a pass that finds them taken by a walk waits, and says so
 * ({@code passWaiting}): walks stop at their next step and new ones do not start, so a pass waits
 * for one step of a walk, not for a walk of the whole queue.
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
    boolean unlinksThroughPredecessors() {
        return false;
    }

    @Override
    void becomeHeadOfEmptyQueue(QNode node) {
        super.becomeHeadOfEmptyQueue(node);
        recordHead(node);
    }

    @Override
    QNode passHead(QNode passing) {
        lockLinks();
        try {
            QNode next = passHeadWithLinksLocked(passing);
            if (next != null) {
                recordHead(next);
            }
            return next;
        } finally {
            unlockLinks();
        }
    }

    private QNode passHeadWithLinksLocked(QNode passing) {
        QNode successor = passing.next;
        if (successor == null) {
            // The head may be the tail: the plain pass swings the tail, or puts the secondary queue back.
            return super.passHead(passing);
        }
        QNode next = secondaryHead != null && passesWhileSecondaryWaits >= localPassBound
                ? putSecondaryBackBefore(successor)
                : firstOnNodeOrBack(successor, passing.numaNode);
        return headFirstLive(next);
    }

    /** Unlinks the nodes that gave up, unless another thread holds the links or a pass waits (see above). */
    @Override
    void takeOut(QNode abandoned) {
        if (passWaiting || !tryLockLinks()) {
            return;
        }
        try {
            unlinkAbandonedFromQueue();
            unlinkAbandonedFromSecondary();
        } finally {
            unlockLinks();
        }
    }

    /**
     * Unlinks, along the queue from its head, each node that gave up and has a successor linked.
     * Arrivals write only the {@code next} of the node they found as the tail, which was null, so a
     * link that is already set is rewritten only with the links locked.
     */
    private void unlinkAbandonedFromQueue() {
        QNode kept = head;
        if (kept == null) {
            return; // empty, or a thread that found it empty has not recorded itself yet
        }
        for (QNode node; (node = kept.next) != null && !passWaiting; ) {
            QNode after = node.next;
            if (node.status == QNode.CANCELLED && after != null) {
                kept.next = after;
            } else {
                kept = node;
            }
        }
    }

    /** Unlinks every node of the secondary queue that gave up; its last node's {@code next} is null. */
    private void unlinkAbandonedFromSecondary() {
        QNode first = secondaryHead;
        while (first != null && first.status == QNode.CANCELLED) {
            first = first == secondaryTail ? null : first.next;
        }
        if (first == null) {
            if (secondaryHead != null) {
                takeSecondary();
            }
            return;
        }
        secondaryHead = first;
        for (QNode kept = first; kept != secondaryTail && !passWaiting; ) {
            QNode node = kept.next;
            if (node.status == QNode.CANCELLED) {
                kept.next = node.next;
                if (node == secondaryTail) {
                    secondaryTail = kept;
                }
            } else {
                kept = node;
            }
        }
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
            recordHead(null); // before the queue may run empty: a thread that then finds it empty records itself
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

    /** Records the head for the walks, which read it with the links locked. */
    private void recordHead(QNode node) {
        HEAD.setRelease(this, node);
    }

    private boolean tryLockLinks() {
        return !linksLocked && LINKS_LOCKED.compareAndSet(this, false, true);
    }

    /** Locks the links for a pass (only the head passes, so one pass at a time). */
    private void lockLinks() {
        if (tryLockLinks()) {
            return;
        }
        passWaiting = true;
        for (int spins = 0; !tryLockLinks(); spins++) {
            pauseForRunningThread(spins);
        }
        passWaiting = false;
    }

    /** A release store: what was written with the links locked is seen by the next thread to lock them. */
    private void unlockLinks() {
        LINKS_LOCKED.setRelease(this, false);
    }
}

/** The head passer's fields of a {@link CnaQueue}, after the padding of the queue's leader. */
abstract class CnaQueueFields extends NodeQueue {
    static final VarHandle LINKS_LOCKED;
    static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            LINKS_LOCKED = lookup.findVarHandle(CnaQueueFields.class, "linksLocked", boolean.class);
            HEAD = lookup.findVarHandle(CnaQueueFields.class, "head", QNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int localPassBound;
    /** Held by a pass, and by a node that gave up while it unlinks nodes that gave up. */
    volatile boolean linksLocked;
    /** Set by a pass while it waits for the links: walks stop, and none starts. */
    volatile boolean passWaiting;
    /**
     * The queue's head, for the walks: written (release stores) by each pass with the links
     * locked, and by a thread that finds the queue empty; null while it is empty, and briefly after
     * a thread found it empty.
     */
    volatile QNode head;
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
