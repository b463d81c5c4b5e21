package org.numaloom.locks.topology;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Reads the sysfs fixtures under src/test/resources/topology and the machine's own /sys. */
class TopologyTest {

    static Path fixture(String name) {
        URL url = TopologyTest.class.getResource("/topology/" + name);
        assertNotNull(url, "fixture " + name + " on the test class path");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    static Topology read(String name) {
        return Topology.fromSysfs(fixture(name));
    }

    static int[] span(int first, int last) {
        return IntStream.rangeClosed(first, last).toArray();
    }

    static int[] join(int[]... parts) {
        return Arrays.stream(parts).flatMapToInt(Arrays::stream).toArray();
    }

    record Shape(String fixture, int clusters, int packages, int[][] nodeCpus, int[][] distances) {
        @Override
        public String toString() {
            return fixture;
        }
    }

    static Stream<Shape> shapes() {
        return Stream.of(
                new Shape("kunpeng920-48", 12, 1, new int[][] {span(0, 23), span(24, 47)},
                        new int[][] {{10, 12}, {12, 10}}),
                new Shape("kunpeng920-128", 32, 2,
                        new int[][] {span(0, 31), span(32, 63), span(64, 95), span(96, 127)},
                        new int[][] {{10, 12, 20, 22}, {12, 10, 22, 24}, {20, 22, 10, 12}, {22, 24, 12, 10}}),
                new Shape("x86-2socket-smt", 2, 2,
                        new int[][] {join(span(0, 7), span(16, 23)), join(span(8, 15), span(24, 31))},
                        new int[][] {{10, 21}, {21, 10}}),
                new Shape("laptop-1node", 4, 1, new int[][] {span(0, 7)}, new int[][] {{10}}),
                new Shape("no-numa", 1, 1, new int[][] {span(0, 3)}, new int[][] {{10}}),
                new Shape("cxl-memory-node", 2, 1, new int[][] {span(0, 1), span(2, 3)},
                        new int[][] {{10, 21}, {21, 10}}));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void fixtureHasItsShape(Shape shape) {
        Topology topology = read(shape.fixture());
        int[] allCpus = Arrays.stream(shape.nodeCpus()).flatMapToInt(Arrays::stream).sorted().toArray();
        assertEquals(allCpus.length, topology.cpuCount());
        assertArrayEquals(allCpus, topology.cpus());
        assertEquals(shape.nodeCpus().length, topology.nodeCount());
        assertEquals(shape.clusters(), topology.clusterCount());
        assertEquals(shape.packages(), topology.packageCount());
        for (int node = 0; node < topology.nodeCount(); node++) {
            assertArrayEquals(shape.nodeCpus()[node], topology.cpusOfNode(node), "cpus of node " + node);
            for (int cpu : shape.nodeCpus()[node]) {
                assertEquals(node, topology.nodeOfCpu(cpu), "node of cpu " + cpu);
            }
            for (int to = 0; to < topology.nodeCount(); to++) {
                assertEquals(shape.distances()[node][to], topology.distance(node, to), "distance " + node + "->" + to);
            }
        }
    }

    @ParameterizedTest(name = "{0} cpu {1}")
    @CsvSource(textBlock = """
        # fixture,        cpu, node, cluster, package
        kunpeng920-48,      0,    0,       0,       0
        kunpeng920-48,      3,    0,       0,       0
        kunpeng920-48,      4,    0,       1,       0
        kunpeng920-48,     24,    1,       6,       0
        kunpeng920-48,     47,    1,      11,       0
        # cluster_id restarts at 0 in package 1, so cpu 64 has the cluster_id of cpu 0
        kunpeng920-128,    63,    1,      15,       0
        kunpeng920-128,    64,    2,      16,       1
        kunpeng920-128,    96,    3,      24,       1
        kunpeng920-128,   127,    3,      31,       1
        # no cluster_id: one cluster per package and node; cpu n+16 is the SMT sibling of cpu n
        x86-2socket-smt,    0,    0,       0,       0
        x86-2socket-smt,    8,    1,       1,       1
        x86-2socket-smt,   23,    0,       0,       0
        x86-2socket-smt,   31,    1,       1,       1
        # cluster_id per core: cpu n+4 is the SMT sibling of cpu n
        laptop-1node,       1,    0,       1,       0
        laptop-1node,       5,    0,       1,       0
        laptop-1node,       2,    0,       2,       0
        cxl-memory-node,    2,    1,       1,       0
        """)
    void fixtureCpuIsPlaced(String fixture, int cpu, int node, int cluster, int pkg) {
        assertPlaced(read(fixture), cpu, node, cluster, pkg);
    }

    static void assertPlaced(Topology topology, int cpu, int node, int cluster, int pkg) {
        assertArrayEquals(new int[] {node, cluster, pkg},
                new int[] {topology.nodeOfCpu(cpu), topology.clusterOfCpu(cpu), topology.packageOfCpu(cpu)},
                "node, cluster and package of cpu " + cpu + " in " + topology);
    }

    @Test
    void kernelWithoutNumaOnTwoPackagesKeepsTheirClustersApart(@TempDir Path tree) throws IOException {
        copy(fixture("kunpeng920-128"), tree);
        deleteTree(tree.resolve("devices/system/node"));
        Topology topology = Topology.fromSysfs(tree);
        assertEquals(1, topology.nodeCount());
        assertEquals(2, topology.packageCount());
        assertEquals(32, topology.clusterCount());
        assertNotEquals(topology.clusterOfCpu(0), topology.clusterOfCpu(64));
    }

    @Test
    void provenanceTellsReadClusterIdsFromTheDefault() {
        String missing = read("x86-2socket-smt").provenance().get("clusters");
        assertTrue(missing.startsWith("no cluster_id") && missing.endsWith("(default)"), missing);
        String read = read("laptop-1node").provenance().get("clusters");
        assertEquals(fixture("laptop-1node").resolve("devices/system/cpu") + "/cpu*/topology/cluster_id", read);
    }

    @Test
    void kernelWithoutNumaIsOneNodeAndClusterId65535IsNoCluster() {
        Topology topology = read("no-numa");
        assertEquals(0, topology.nodeId(0));
        assertTrue(topology.provenance().get("nodes").contains("kernel without NUMA"));
        assertTrue(topology.provenance().get("clusters").contains("(default)"));
    }

    @Test
    void memoryOnlyNodeIsSkippedAndNodeIndicesAreDense() {
        Topology topology = read("cxl-memory-node");
        assertEquals(0, topology.nodeId(0));
        assertEquals(2, topology.nodeId(1));
        assertEquals(1, topology.nodeOfCpu(2));
        String nodes = topology.provenance().get("nodes");
        assertTrue(nodes.contains("skipped node1") && nodes.contains("memory-only"), nodes);
    }

    @Test
    void nodeDirectoriesStandInForAMissingNodeOnlineFile(@TempDir Path tree) throws IOException {
        copy(fixture("cxl-memory-node"), tree);
        Files.delete(tree.resolve("devices/system/node/online"));
        Topology topology = Topology.fromSysfs(tree);
        assertEquals(2, topology.nodeId(1));
        assertEquals(21, topology.distance(0, 1));
    }

    @Test
    void missingDistanceFilesDefaultTo10And20(@TempDir Path tree) throws IOException {
        copy(fixture("x86-2socket-smt"), tree);
        Files.delete(tree.resolve("devices/system/node/node1/distance"));
        Topology topology = Topology.fromSysfs(tree);
        assertEquals(10, topology.distance(1, 1));
        assertEquals(20, topology.distance(0, 1));
        assertTrue(topology.provenance().get("distances").contains("(default)"));
    }

    @Test
    void missingPackageIdsDefaultToOnePackage(@TempDir Path tree) throws IOException {
        copy(fixture("kunpeng920-128"), tree);
        Files.delete(tree.resolve("devices/system/cpu/cpu5/topology/physical_package_id"));
        Topology topology = Topology.fromSysfs(tree);
        assertEquals(1, topology.packageCount());
        // Clusters stay apart by node even when ids repeat across the lost package boundary.
        assertNotEquals(topology.clusterOfCpu(0), topology.clusterOfCpu(64));
        assertTrue(topology.provenance().get("packages").contains("(default)"));
    }

    @Test
    void missingCpuDirectoryIsAnErrorNamingIt(@TempDir Path tree) {
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.fromSysfs(tree));
        assertTrue(e.getMessage().contains(tree.resolve("devices/system/cpu").toString()), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
        # fixture under bad/,    offending file under devices/system/,  what the message says
        cpulist-text,            node/node1/cpulist,                    expected a CPU list
        distance-row-length,     node/node1/distance,                   expected 2 distances
        distance-asymmetric,     node/node0/distance,                   expected a symmetric matrix
        distance-not-numeric,    node/node0/distance,                   expected integer distances
        cpu-in-no-node,          cpu/online,                            in no
        cpu-in-two-nodes,        node/node1/cpulist,                    is also in
        package-id-not-numeric,  cpu/cpu1/topology/physical_package_id, expected an integer but found 'socket0'
        package-id-empty,        cpu/cpu0/topology/physical_package_id, the file is empty
        no-online-cpus,          cpu/online,                            expected at least one online CPU
        """)
    void malformedFixtureIsAnErrorNamingTheFile(String bad, String file, String problem) {
        Path root = fixture("bad/" + bad);
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.fromSysfs(root));
        Path offending = root.resolve("devices/system").resolve(file);
        assertTrue(e.getMessage().startsWith("topology: " + offending + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void unknownCpuIsAnIllegalArgument() {
        Topology topology = read("kunpeng920-48");
        assertThrows(IllegalArgumentException.class, () -> topology.nodeOfCpu(48));
        assertThrows(IllegalArgumentException.class, () -> topology.clusterOfCpu(-1));
        assertThrows(IllegalArgumentException.class, () -> topology.packageOfCpu(1000));
    }

    @Test
    void arraysHandedOutAreCopies() {
        Topology topology = read("laptop-1node");
        topology.cpus()[0] = 99;
        topology.cpusOfNode(0)[0] = 99;
        assertEquals(0, topology.cpus()[0]);
        assertEquals(0, topology.cpusOfNode(0)[0]);
    }

    @Test
    void hostCpusSpreadEvenlyOverAnOverridesNodes() {
        Topology topology = read("kunpeng920-48");
        assertEquals(0, topology.nodeOfHostCpu(0, 2));
        assertEquals(1, topology.nodeOfHostCpu(1, 2));
        assertArrayEquals(new int[] {0, 0, 1, 1},
                IntStream.range(0, 4).map(r -> topology.nodeOfHostCpu(r, 4)).toArray());
        for (int r = 0; r < 48; r++) {
            assertEquals(topology.nodeOfCpu(r), topology.nodeOfHostCpu(r, 48));
        }
    }

    @Test
    void hostCpuOutsideTheHostMapsToNodeZero() {
        Topology topology = read("kunpeng920-48");
        assertEquals(0, topology.nodeOfHostCpu(-1, 2));
        assertEquals(0, topology.nodeOfHostCpu(2, 2));
        assertEquals(0, topology.nodeOfHostCpu(-1));
        assertEquals(0, topology.nodeOfHostCpu(Integer.MAX_VALUE));
    }

    @Test
    void describeShowsNodesDistancesAndProvenance() {
        Topology topology = read("kunpeng920-128");
        String text = topology.describe();
        assertTrue(text.startsWith("128 cpus, 4 nodes, 32 clusters, 2 packages (sysfs "), text);
        assertTrue(text.contains("node 3 (sysfs node3): cpus 96-127, package 1, 8 clusters"), text);
        assertTrue(text.contains("\n   1   12   10   22   24\n"), text);
        Path nodes = fixture("kunpeng920-128").resolve("devices/system/node");
        assertTrue(text.contains("distances: " + nodes + "/node*/distance"), text);
        assertTrue(topology.toString().contains("128 cpus, 4 nodes"), topology.toString());
    }

    @Test
    void describeShowsSplitCpuLists() {
        assertTrue(read("x86-2socket-smt").describe().contains("cpus 0-7,16-23, package 0, 1 cluster\n"));
    }

    @Test
    void loadTellsADirectoryFromASpec() {
        Path root = fixture("kunpeng920-128");
        Topology fromDirectory = Topology.load(root.toString());
        assertEquals(128, fromDirectory.cpuCount());
        assertEquals("sysfs " + root, fromDirectory.provenance().get("source"));
        Topology fromSpec = Topology.load("2 nodes x 2 cpus");
        assertEquals(4, fromSpec.cpuCount());
        assertEquals("spec \"2 nodes x 2 cpus\"", fromSpec.provenance().get("source"));
    }

    /** A mistyped directory is named as a missing one, not parsed as a spec (found in review). */
    @Test
    void aMissingDirectoryIsNamedAsOne() {
        Path missing = fixture("kunpeng920-128").resolveSibling("kunpeng920-12");
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.load(missing.toString()));
        assertTrue(e.getMessage().startsWith("topology: " + missing.toAbsolutePath() + ": no such directory; "), e.getMessage());
        assertEquals(4, Topology.load("2 nodes x 2 cpus / 1 packages").cpuCount(), "a spec with a '/' is still a spec");
    }

    @Test
    void relativeDirectoryIsNamedByItsFullPath() {
        Path root = fixture("bad/cpulist-text");
        String relative = Path.of("").toAbsolutePath().relativize(root).toString();
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.load(relative));
        Path offending = root.resolve("devices/system/node/node1/cpulist");
        assertTrue(e.getMessage().startsWith("topology: " + offending + ": "), e.getMessage());
    }

    @Test
    void loadWithoutOverrideIsTheMachine() {
        Topology machine = Topology.load(null);
        assertSame(machine, Topology.load(" "));
        assertEquals(hostOnlineCpus().size(), machine.cpuCount());
    }

    @Test
    void machineSysfsHoldsEveryOnlineCpu() {
        Topology machine = Topology.fromSysfs(Path.of("/sys"));
        List<Integer> online = hostOnlineCpus();
        assertTrue(machine.nodeCount() >= 1);
        assertEquals(online.size(), machine.cpuCount());
        for (int cpu : online) {
            assertEquals(machine.nodeOfCpu(cpu), machine.nodeOfHostCpu(cpu), "cpu " + cpu);
        }
    }

    @Test
    void currentIsComputedOnce() {
        assertSame(Topology.current(), Topology.current());
        assertTrue(Topology.current().cpuCount() >= 1);
    }

    @Test
    void currentHonoursTheProperty() throws Exception {
        String previous = System.getProperty("numaloom.topology");
        // A fresh class loader gives a fresh Topology class, whose holder reads the property anew.
        URL classes = Topology.class.getProtectionDomain().getCodeSource().getLocation();
        System.setProperty("numaloom.topology", "2 nodes x 2 cpus");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Object current = loader.loadClass(Topology.class.getName()).getMethod("current").invoke(null);
            String expected = "4 cpus, 2 nodes, 2 clusters, 2 packages"
                    + " (override spec \"2 nodes x 2 cpus\" (property numaloom.topology))";
            assertTrue(current.toString().contains(expected), current.toString());
        } finally {
            if (previous == null) {
                System.clearProperty("numaloom.topology");
            } else {
                System.setProperty("numaloom.topology", previous);
            }
        }
    }

    /** The host's online CPUs, read without the code under test. */
    private static List<Integer> hostOnlineCpus() {
        Path online = Path.of("/sys/devices/system/cpu/online");
        assumeTrue(Files.isReadable(online), "a Linux /sys");
        try {
            return Arrays.stream(Files.readString(online).strip().split(","))
                    .flatMap(range -> {
                        String[] ends = range.split("-");
                        int first = Integer.parseInt(ends[0]);
                        return IntStream.rangeClosed(first, Integer.parseInt(ends[ends.length - 1])).boxed();
                    })
                    .toList();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path source : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
    }
}
