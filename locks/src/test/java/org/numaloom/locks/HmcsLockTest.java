package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.topology.Topology;

/**
 * What HMCS promises beyond the {@code Lock} contract: which group the lock goes to next, and the
 * levels it is built from. Threads named "X@K" run in leaf group K, the test's own thread in group 0;
 * no thread spins, so the order of acquisitions is the queues'.
 */
class HmcsLockTest {
    /** Two leaf groups right under the root; a thread named "X@K" is in group K. */
    private static final Hierarchy TWO_GROUPS = Hierarchy.uniform(LockCases.byThreadName(2)::currentNode, 2);

    /**
     * The holder's group passes the lock to its own queued members B and C while A of the other
     * group waits at the root; after 2 passes it lets the root go to A, and D, queued behind C,
     * takes the root again after A.
     */
    @Test
    void passesTheLockWithinItsGroupUpToTheBound() throws Exception {
        HmcsLock lock = new HmcsLock(TWO_GROUPS, 0, 2);
        assertEquals(List.of("B@0", "C@0", "A@1", "D@0"), QueuedThreads.acquisitionOrder(lock, "A@1", "B@0", "C@0", "D@0"));
    }

    /** With a bound of 0 no group keeps the lock: each release lets the root go, and groups take turns in arrival order. */
    @Test
    void withABoundOfZeroTheGroupsTakeTurns() throws Exception {
        HmcsLock lock = new HmcsLock(TWO_GROUPS, 0, 0);
        assertEquals(List.of("A@1", "B@0", "C@0", "D@0"), QueuedThreads.acquisitionOrder(lock, "A@1", "B@0", "C@0", "D@0"));
    }

    /**
     * A, the first of group 1, queues at the root behind the holder's group and times out there;
     * E, queued behind A in group 1, must then take A's place at the root and get the lock when the
     * holder lets it go. Had A left without passing its group's turn on, E would wait for ever.
     */
    @Test
    void aThreadThatGivesUpAtTheRootPassesItsGroupsTurnOn() throws Exception {
        HmcsLock lock = new HmcsLock(TWO_GROUPS, 0, 64);
        lock.lock();
        Threads.Running<Boolean> a = Threads.running("A@1", () -> lock.tryLock(300, TimeUnit.MILLISECONDS)).awaitBlocked();
        Threads.Running<Boolean> e = Threads.running("E@1", () -> {
            lock.lock();
            lock.unlock();
            return true;
        }).awaitBlocked();
        assertFalse(a.get(), "A timed out while the lock was held");
        assertFalse(e.result().isDone(), "E got the lock while the test's thread held it");
        lock.unlock();
        assertTrue(e.get());
    }

    @Test
    void rejectsImpossibleParameters() {
        assertThrows(IllegalArgumentException.class, () -> new HmcsLock(TWO_GROUPS, -1, 8));
        assertThrows(IllegalArgumentException.class, () -> new HmcsLock(TWO_GROUPS, 0, -1));
    }

    /** Clusters in nodes in packages: three levels, each group's parent the group holding its CPUs. */
    @Test
    void readsClustersNodesAndPackagesFromTheTopology() {
        Hierarchy levels = Hierarchy.of(Topology.fromSpec("4 nodes x 2 clusters x 4 cpus / 2 packages"));
        assertEquals(3, levels.levels());
        assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2, 3, 3}, parents(levels, 0), "clusters' nodes");
        assertArrayEquals(new int[] {0, 0, 1, 1}, parents(levels, 1), "nodes' packages");
        assertArrayEquals(new int[] {0, 0}, parents(levels, 2), "packages hang off the root");
    }

    /** A level whose groups have one member each adds nothing; a level of one group is the root itself. */
    @Test
    void collapsesLevelsThatDoNotSplitTheOneAbove() {
        assertEquals(1, Hierarchy.of(Topology.fromSpec("2 nodes x 1 cpus")).levels(), "one cluster per node, one node per package");
        assertEquals(2, Hierarchy.of(Topology.fromSpec("2 nodes x 2 clusters x 4 cpus / 1 package")).levels(), "clusters in nodes");
        assertEquals(0, Hierarchy.of(Topology.fromSpec("1 node x 8 cpus")).levels(), "one group: the root alone");
    }

    @Test
    void rejectsALevelThatDoesNotNest() {
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                () -> new Hierarchy(new int[][] {{0, 2}, {0, 0}}, () -> 0));
        assertTrue(outside.getMessage().contains("group 1 of level 0 has parent 2"), outside.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> new Hierarchy(new int[][] {{0, 0}, {0, 0}}, () -> 0));
        assertTrue(empty.getMessage().contains("group 1 of level 1 has no member"), empty.getMessage());
        // The last level's parents are the root's one group; an HmcsLock built on another index
        // failed with an ArrayIndexOutOfBoundsException (found in review).
        IllegalArgumentException pastTheRoot = assertThrows(IllegalArgumentException.class,
                () -> new Hierarchy(new int[][] {{0, 1}}, () -> 0));
        assertEquals("group 1 of level 0 has parent 1, but the level is the last below the root, whose only group is 0",
                pastTheRoot.getMessage());
    }

    private static int[] parents(Hierarchy levels, int level) {
        return IntStream.range(0, levels.groups(level)).map(g -> levels.parentOf(level, g)).toArray();
    }
}
