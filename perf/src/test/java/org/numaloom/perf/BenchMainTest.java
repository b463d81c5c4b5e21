package org.numaloom.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.placement.Placement;
import org.numaloom.perf.report.Compared;
import org.numaloom.perf.report.Measurement;
import org.numaloom.perf.report.ResultCsv;
import org.numaloom.perf.report.Spread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a run leaves on disk when describing it fails after the measuring. */
class BenchMainTest {
    private static final List<Placement.HostCpu> CPUS = List.of(new Placement.HostCpu(0, 0), new Placement.HostCpu(1, 0));
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [{"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
              "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2], "locks": [{"name": "MCS"}]}}]}""", "mem.json");

    @Test
    void theMeasurementsAreOnDiskBeforeAnythingThatDescribesThemCanFail(@TempDir Path out) throws Exception {
        BenchMain bench = new BenchMain(CONFIG, Locality.of(Optional.empty(), 0), Placement.plan("none", 2, CPUS), CPUS, out);
        // A placement.log that cannot be read stands for anything that fails in describing the run.
        Files.createDirectories(out.resolve("placement.log"));
        List<Measurement> measured = List.of(Measurement.of("high", "MCS", 2, 400_000, "actions/s", 2, Spread.of(1, 2, 3)));

        assertThrows(IOException.class, () -> bench.publish(measured, null, "20261124-120000", new String[0]));

        assertEquals(ResultCsv.render(Compared.compare(measured)), Files.readString(out.resolve("results.csv")));
    }

    /** The report lists the flags every fork got, from the same list the forks are given: the topology is among them. */
    @Test
    void theForksGetTheTopologyAndTheRemoteCostAndTheReportSaysSo(@TempDir Path out) throws Exception {
        BenchMain bench = new BenchMain(CONFIG, Locality.of(Optional.of("2 nodes x 1 cpus"), 130),
                Placement.plan("none", 2, CPUS), CPUS, out);
        List<Measurement> measured = List.of(Measurement.of("high", "MCS", 2, 400_000, "actions/s", 2, Spread.of(1, 2, 3))
                .withRemoteHandoffFraction(0.25));

        bench.publish(measured, null, "20261124-120000", new String[0]);

        String report = Files.readString(out.resolve("report.md"));
        for (String expected : List.of("-Dnumaloom.topology=2 nodes x 1 cpus -Dnumaloom.perf.remoteCostNanos=130`",
                "Topology (the runner's and every fork's): Topology[2 cpus, 2 nodes", "- Remote hand-offs: recorded",
                "- Modelled remote cost: 130 ns")) {
            assertTrue(report.contains(expected), "report.md lacks: " + expected + "\n" + report);
        }
        assertTrue(Files.readString(out.resolve("results.csv")).contains(",0.2500\n"));
    }
}
