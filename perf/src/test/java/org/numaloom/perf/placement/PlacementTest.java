package org.numaloom.perf.placement;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.numaloom.locks.topology.Topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class PlacementTest {
    /** Two nodes of two CPUs, listed in topology order as machineCpus() gives them (node 0: CPUs 0, 2). */
    private static final List<Placement.HostCpu> TWO_NODES = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(2, 0),
            new Placement.HostCpu(1, 1), new Placement.HostCpu(3, 1));

    @Test
    void noneSetsOnlyTheParallelism() {
        Placement none = Placement.plan("none", 3, TWO_NODES);
        assertEquals(List.of(), none.carrierCpus());
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=3"), none.jvmArgs());
    }

    @Test
    void carriersFillTheFirstNodeBeforeTheNext() {
        Placement three = Placement.plan("carriers", 3, TWO_NODES);
        assertEquals(List.of(List.of(0), List.of(2), List.of(1)), three.carrierCpus());
        assertEquals(List.of("-Djdk.virtualThreadScheduler.parallelism=3", "-Djdk.virtualThreadScheduler.maxPoolSize=3",
                "-Dnumaloom.perf.carrierCpus=0;2;1"), three.jvmArgs());
        assertEquals(4, Placement.plan("CARRIERS", 0, TWO_NODES).parallelism(), "default: one carrier per CPU");
    }

    @Test
    void moreCarriersThanCpusCannotBePinned() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Placement.plan("carriers", 5, TWO_NODES));
        assertEquals("--pin carriers cannot pin 5 carriers to 4 CPUs, one each; lower --parallelism to at most 4 "
                + "or use --pin none", e.getMessage());
    }

    @Test
    void nodesKeepEveryCarrierOnTheirCpus() {
        Placement node1 = Placement.plan("nodes=1", 0, TWO_NODES);
        assertEquals(List.of(List.of(1, 3), List.of(1, 3)), node1.carrierCpus());
        assertTrue(node1.jvmArgs().contains("-Dnumaloom.perf.carrierCpus=1,3;1,3"), node1.jvmArgs().toString());
        assertEquals(3, Placement.plan("nodes=0,1", 3, TWO_NODES).carrierCpus().size());
        assertEquals(List.of(0, 2, 1, 3), Placement.plan("nodes=0,1", 3, TWO_NODES).carrierCpus().get(0));
    }

    @Test
    void unknownNodeOrMode() {
        assertEquals("--pin nodes=0,4: no node [4] here; the nodes are [0, 1] (./numaloom topology shows them)",
                assertThrows(IllegalArgumentException.class, () -> Placement.plan("nodes=0,4", 0, TWO_NODES)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Placement.plan("nodes=x", 0, TWO_NODES))
                .getMessage().contains("'x' is not a node number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Placement.plan("cores", 0, TWO_NODES))
                .getMessage().startsWith("--pin 'cores' is not a placement; expected none|carriers|nodes=LIST"));
    }

    @Test
    void oneCpuIsTheFirstCarriersOrTheFirstInTopologyOrder() {
        assertEquals(List.of(List.of(1)), Placement.plan("nodes=1", 0, TWO_NODES).onOneCpu(TWO_NODES).carrierCpus());
        Placement none = Placement.plan("none", 0, TWO_NODES).onOneCpu(TWO_NODES);
        assertEquals(1, none.parallelism());
        assertEquals(List.of(List.of(0)), none.carrierCpus());
    }

    @Test
    void theForkReadsBackWhatThePlanWrote() {
        assertEquals(List.of(List.of(1, 3), List.of(0)), Placement.carrierCpusOf("1,3;0"));
        assertNull(Placement.carrierCpusOf(null));
    }

    /** An override spreads the real CPUs over its nodes, so --pin carriers fills its node 0 first. */
    @Test
    void theMachinesCpusAreOrderedByTheTopologyGiven() {
        List<Placement.HostCpu> cpus = Placement.machineCpus(Topology.fromSpec("2 nodes x 1 cpus"));
        assumeTrue(cpus.size() >= 2, "needs two CPUs to spread over two nodes");
        assertEquals(0, cpus.get(0).node());
        assertEquals(1, cpus.get(cpus.size() - 1).node(), cpus.toString());
        for (int i = 1; i < cpus.size(); i++) {
            assertTrue(cpus.get(i - 1).node() <= cpus.get(i).node(), cpus.toString());
        }
    }

    @Test
    void theMachinesCpusAreInNodeOrder() {
        List<Placement.HostCpu> cpus = Placement.machineCpus(Topology.current());
        assertTrue(!cpus.isEmpty());
        for (int i = 1; i < cpus.size(); i++) {
            assertTrue(cpus.get(i - 1).node() <= cpus.get(i).node(), cpus.toString());
        }
    }
}
