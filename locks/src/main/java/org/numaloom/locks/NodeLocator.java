package org.numaloom.locks;

import org.numaloom.locks.placement.CpuLocator;
import org.numaloom.locks.topology.Topology;

/**
 * Tells a NUMA-aware lock how many NUMA nodes there are and which one the calling thread runs on.
 *
 * <p>For a virtual thread the answer is a hint: it may run elsewhere after its next park or yield.
 * Locks use it only to choose a queue, so a stale answer costs locality, never correctness.
 * Tests supply their own locator to drive every node's code path on a machine with one node.
 */
public interface NodeLocator {
    /** The number of nodes; {@link #currentNode()} is in {@code [0, nodeCount())}. */
    int nodeCount();

    /** The dense index of the node the calling thread runs on, as far as is known. */
    int currentNode();

    /** Nodes as the topology in force describes them ({@link Topology#current()}). */
    static NodeLocator current() {
        return of(Topology.current());
    }

    /**
     * Nodes of the given topology, located by the CPU the calling thread runs on. The look-ups'
     * one-time work is done here, in the building thread ({@link CpuLocator#prepare()}).
     */
    static NodeLocator of(Topology topology) {
        CpuLocator.prepare();
        return new NodeLocator() {
            @Override
            public int nodeCount() {
                return topology.nodeCount();
            }

            @Override
            public int currentNode() {
                return topology.nodeOfHostCpu(CpuLocator.currentCpu());
            }

            @Override
            public String toString() {
                return "NodeLocator[" + topology + "]";
            }
        };
    }
}
