package org.numaloom.perf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.locks.topology.Topology;
import org.numaloom.perf.config.BenchConfig;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The topology and remote cost a run hands its forks, what it refuses, and the fraction read back from JMH. */
class LocalityTest {
    private static final BenchConfig NO_VARIANTS = BenchConfig.parse("""
            {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "locks": [{"name": "CNA"}]}}]}""",
            "plain.json");

    @Test
    void aSpecGoesToTheForksAsGivenWithTheCost() {
        Locality locality = Locality.of(Optional.of("2 nodes x 1 cpus"), 130);
        assertEquals(2, locality.topology().nodeCount());
        assertEquals(List.of("-Dnumaloom.topology=2 nodes x 1 cpus", "-Dnumaloom.perf.remoteCostNanos=130"),
                locality.jvmArgs());
        List<String> lines = locality.describe(NO_VARIANTS);
        assertTrue(lines.get(0).startsWith("Remote hand-offs: recorded"), lines.toString());
        assertTrue(lines.get(1).startsWith("Modelled remote cost: 130 ns"), lines.toString());
        assertEquals("Modelled remote cost: off", Locality.of(Optional.of("2 nodes x 1 cpus"), 0).describe(NO_VARIANTS).get(1));
    }

    @Test
    void withoutOptionsTheForksGetNothingNew() {
        Locality locality = Locality.of(Optional.empty(), 0);
        assertEquals(List.of(), locality.jvmArgs());
        assertEquals(Topology.current().nodeCount(), locality.topology().nodeCount());
    }

    /** A fork may start elsewhere: a relative directory reaches it as an absolute path. */
    @Test
    void aDirectoryGoesToTheForksByItsAbsolutePath(@TempDir Path dir) throws Exception {
        Path cpu = Files.createDirectories(dir.resolve("devices/system/cpu"));
        Files.writeString(cpu.resolve("online"), "0-1\n");
        Path relative = Path.of("").toAbsolutePath().relativize(dir);

        Locality locality = Locality.of(Optional.of(relative.toString()), 0);

        assertEquals(List.of("-Dnumaloom.topology=" + dir.toAbsolutePath()), locality.jvmArgs());
    }

    @Test
    void aSpecThatDoesNotParseSaysWhatIsExpected() {
        String message = failure(Optional.of("2 nodes x"), 0);
        assertTrue(message.startsWith("--topology 2 nodes x: topology spec \"2 nodes x\": expected \"<nodes> nodes x"),
                message);
        assertTrue(message.endsWith(". ./numaloom topology --topology VALUE shows what a value describes"), message);
    }

    @Test
    void aMissingDirectoryIsNamedAsOne() {
        String message = failure(Optional.of("/no/such/sysfs"), 0);
        assertTrue(message.contains("; nor is it a directory."), message);
    }

    @Test
    void anEmptyTopologyIsRefused() {
        assertEquals("--topology is empty; give a spec such as \"2 nodes x 1 cpus\" or a directory laid out like /sys",
                failure(Optional.of(" "), 0));
    }

    /** On one node no hand-off is remote, so a cost could never be charged: a run with it would measure nothing. */
    @Test
    void aRemoteCostNeedsSeveralNodes() {
        String message = failure(Optional.of("1 node x 2 cpus"), 100);
        assertTrue(message.startsWith("--remote-cost-ns 100 is charged when the lock moves between NUMA nodes, and the"
                + " topology in force has one node"), message);
        assertTrue(message.endsWith("simulate two with --topology \"2 nodes x 1 cpus\" --pin carriers"), message);
    }

    /** A variant may set the cost for its own forks; on one node that would report uncharged forks as charged. */
    @Test
    void aVariantsRemoteCostNeedsSeveralNodesAndNoCostForTheWholeRun() {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "locks": [
                  {"name": "CNA"}, {"name": "CNA", "variant": "c130", "jvmArgs": ["-Da=1", "-Dnumaloom.perf.remoteCostNanos=130"]}]}}]}""",
                "cost.json");
        String message = assertThrows(IllegalArgumentException.class,
                () -> Locality.of(Optional.of("1 node x 2 cpus"), 0).requireConsistentCosts(config)).getMessage();
        assertTrue(message.startsWith("bench 'short' of cost.json: CNA@c130 sets -Dnumaloom.perf.remoteCostNanos=130, a cost"
                + " charged when the lock moves between NUMA nodes, and the topology in force has one node"), message);
        assertTrue(message.endsWith("simulate two with --topology \"2 nodes x 1 cpus\" --pin carriers"), message);
        Locality twoNodes = Locality.of(Optional.of("2 nodes x 1 cpus"), 0);
        twoNodes.requireConsistentCosts(config);
        assertTrue(twoNodes.describe(config).get(1).startsWith("Modelled remote cost: set by the variants whose flags give"
                + " -Dnumaloom.perf.remoteCostNanos=N"), "not 'off': " + twoNodes.describe(config));
        assertEquals("bench 'short' of cost.json: CNA@c130 sets -Dnumaloom.perf.remoteCostNanos=130, and --remote-cost-ns 400"
                        + " would charge the forks of its other locks, which stand for no cost; give the costs one way: drop"
                        + " --remote-cost-ns, or use a config without cost variants",
                assertThrows(IllegalArgumentException.class,
                        () -> Locality.of(Optional.of("2 nodes x 1 cpus"), 400).requireConsistentCosts(config)).getMessage());
    }

    @Test
    void theFractionIsRemoteHandoffsOverAcquisitions() {
        assertEquals(0.25, Results.remoteHandoffFraction(counts(4000, 1000)), 1e-12);
        assertTrue(Double.isNaN(Results.remoteHandoffFraction(counts(0, 0))), "nothing recorded");
        assertTrue(Double.isNaN(Results.remoteHandoffFraction(Map.of())), "a bench without the counters");
    }

    private static Map<String, Result> counts(double acquisitions, double remote) {
        return Map.of("acquisitions", new ScalarResult("acquisitions", acquisitions, "#", AggregationPolicy.SUM),
                "remoteHandoffs", new ScalarResult("remoteHandoffs", remote, "#", AggregationPolicy.SUM));
    }

    private static String failure(Optional<String> topology, long remoteCostNanos) {
        return assertThrows(IllegalArgumentException.class, () -> Locality.of(topology, remoteCostNanos)).getMessage();
    }
}
