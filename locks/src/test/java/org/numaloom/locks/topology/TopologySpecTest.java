package org.numaloom.locks.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Synthetic topologies from compact specs. */
class TopologySpecTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "2 nodes x 2 clusters x 4 cpus,               16, 2, 4, 2",
        "2 nodes × 4 cpus,                            8,  2, 2, 2",
        "4 nodes x 2 clusters x 4 cpus / 2 packages,  32, 4, 8, 2",
        "1 node x 1 cpu,                              1,  1, 1, 1",
        "2 NODES X 1 CPU,                             2,  2, 2, 2",
        "'  3node*2cluster*2cpu  ',                   12, 3, 6, 3",
        "4 Nodes x 2 CPUs /1 Package,                 8,  4, 4, 1",
        "'2 nodes\tx\t3 cpus',                        6,  2, 2, 2",
    })
    void specVariantsParse(String spec, int cpus, int nodes, int clusters, int packages) {
        Topology topology = Topology.fromSpec(spec);
        assertEquals(cpus, topology.cpuCount());
        assertEquals(nodes, topology.nodeCount());
        assertEquals(clusters, topology.clusterCount());
        assertEquals(packages, topology.packageCount());
        assertArrayEquals(IntStream.range(0, cpus).toArray(), topology.cpus());
    }

    @ParameterizedTest(name = "{0} cpu {1}")
    @CsvSource(textBlock = """
        # spec,                                        cpu, node, cluster, package
        2 nodes x 2 clusters x 4 cpus,                   3,    0,       0,       0
        2 nodes x 2 clusters x 4 cpus,                   4,    0,       1,       0
        2 nodes x 2 clusters x 4 cpus,                   8,    1,       2,       1
        2 nodes x 2 clusters x 4 cpus,                  15,    1,       3,       1
        4 nodes x 2 clusters x 4 cpus / 2 packages,     15,    1,       3,       0
        4 nodes x 2 clusters x 4 cpus / 2 packages,     16,    2,       4,       1
        2 nodes x 4 cpus,                                4,    1,       1,       1
        """)
    void cpusAreNumberedNodeByNodeClusterByCluster(String spec, int cpu, int node, int cluster, int pkg) {
        TopologyTest.assertPlaced(Topology.fromSpec(spec), cpu, node, cluster, pkg);
    }

    @Test
    void nodeIdsAreTheIndices() {
        Topology topology = Topology.fromSpec("2 nodes x 2 clusters x 4 cpus");
        assertArrayEquals(IntStream.range(8, 16).toArray(), topology.cpusOfNode(1));
        assertEquals(1, topology.nodeId(1));
    }

    @Test
    void nodesSpreadOverPackagesSetTheDistances() {
        Topology topology = Topology.fromSpec("4 nodes x 2 clusters x 4 cpus / 2 packages");
        int[][] expected = {{10, 16, 32, 32}, {16, 10, 32, 32}, {32, 32, 10, 16}, {32, 32, 16, 10}};
        for (int from = 0; from < 4; from++) {
            int row = from;
            assertArrayEquals(expected[from], IntStream.range(0, 4).map(to -> topology.distance(row, to)).toArray());
        }
        assertTrue(topology.provenance().get("distances").contains("16 same package, 32 other package"));
    }

    @Test
    void onePackagePerNodeByDefault() {
        Topology topology = Topology.fromSpec("2 nodes x 4 cpus");
        assertEquals(2, topology.packageCount());
        assertEquals(32, topology.distance(0, 1));
    }

    @Test
    void realCpusSpreadOverVirtualNodes() {
        Topology twoByOne = Topology.fromSpec("2 nodes x 1 cpu");
        assertEquals(0, twoByOne.nodeOfHostCpu(0, 2));
        assertEquals(1, twoByOne.nodeOfHostCpu(1, 2));
        assertEquals(0, twoByOne.nodeOfHostCpu(0, 1));

        Topology sixteen = Topology.fromSpec("2 nodes x 2 clusters x 4 cpus");
        // Host cpu r lands on virtual position floor(r * 16 / 3): 0, 5 and 10.
        assertArrayEquals(new int[] {0, 0, 1}, IntStream.range(0, 3).map(r -> sixteen.nodeOfHostCpu(r, 3)).toArray());
        assertEquals(0, sixteen.nodeOfHostCpu(3, 3));
        assertEquals(0, sixteen.nodeOfHostCpu(-5, 3));
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {
        "0 nodes x 4 cpus",
        "2 nodes x",
        "banana",
        "3 nodes x 2 cpus / 2 packages",
        "2 nodes x 0 cpus",
        "2 nodes x 0 clusters x 2 cpus",
        "2 nodes x 2 cpus / 0 packages",
        "2 nodes x 2 cpus / 4 packages",
        "2000 nodes x 1 cpu",
        "1024 nodes x 2048 cpus",
        "2 cpus x 2 nodes",
        "9999999999 nodes x 1 cpu",
        "",
    })
    void badSpecIsAnErrorQuotingIt(String spec) {
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.fromSpec(spec));
        assertTrue(e.getMessage().startsWith("topology spec \"" + spec + "\": "), e.getMessage());
        assertTrue(e.getMessage().endsWith("(example: \"2 nodes x 2 clusters x 4 cpus\")"), e.getMessage());
    }

    @Test
    void badSpecMessagesSayWhatIsWrong() {
        assertEquals("topology spec \"0 nodes x 4 cpus\": the node count must be at least 1"
                        + " (example: \"2 nodes x 2 clusters x 4 cpus\")",
                assertThrows(TopologyException.class, () -> Topology.fromSpec("0 nodes x 4 cpus")).getMessage());
        assertTrue(assertThrows(TopologyException.class, () -> Topology.fromSpec("3 nodes x 2 cpus / 2 packages"))
                .getMessage().contains("the package count 2 must divide the node count 3"));
        String grammar = "expected \"<nodes> nodes x [<clusters> clusters x] <cpus> cpus [/ <packages> packages]\"";
        assertTrue(assertThrows(TopologyException.class, () -> Topology.load("banana")).getMessage().contains(grammar));
    }

    @Test
    void describeNamesTheSpec() {
        String text = Topology.fromSpec("2 nodes x 2 cpus").describe();
        assertTrue(text.startsWith("4 cpus, 2 nodes, 2 clusters, 2 packages (spec \"2 nodes x 2 cpus\")\n"), text);
        assertTrue(text.contains("node 1 (sysfs node1): cpus 2-3, package 1, 1 cluster\n"), text);
    }
}
