package org.numaloom.locks;

/**
 * The queue of one NUMA node in a {@link NumaMcsLock}, with the node's current leader: the head of
 * the queue while it competes for the lock word, published so that an unlocking thread can wake
 * it or hand it the lock. The leader sits on its own cache lines, apart from the tail that arriving
 * threads swap ({@code LayoutTest} checks it).
 */
class NodeQueue extends NodeQueueLeader {
    /**
     * Trailing padding of {@code leader}, in a class of its own: HotSpot puts a class's
     * {@code long}s before its smaller fields, so padding declared beside a field lands before it.
     * The {@code int} fills the gap before the {@code long}s (see {@link McsQueue}).
     */
    @SuppressWarnings("unused")
    private int gapFiller;
    @SuppressWarnings("unused")
    private long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
}

abstract class NodeQueueLeader extends McsQueue {
    volatile QNode leader;
}
