package org.numaloom.perf.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.perf.config.BenchConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {
    private static final Spread SPREAD = Spread.of(1, 2, 3);
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [
              {"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
                "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2, 8], "locks": [{"name": "MCS"}]}},
              {"name": "text", "payload": {"title": "Words", "lines": 1000, "threads": [2]}}]}""", "mem.json");

    @Test
    void tiesMachineRunAndEveryBenchTogether(@TempDir Path out) throws Exception {
        List<Compared> rows = Compared.compare(List.of(
                measurement("high", "MCS", 2, 400_000).withIdeal(450_000),
                measurement("high", "UNFAIR_REENTRANT", 2, 350_000).withIdeal(450_000),
                measurement("high", "MCS", 8, 380_000).withIdeal(450_000),
                measurement("words", "SEQUENTIAL", 1, 100_000),
                measurement("words", "MCS", 2, 150_000).withIdeal(200_000)));
        Report.RunInfo info = new Report.RunInfo("20261122-120000", "numaloom bench --config mem.json", "mem.json",
                "{\"benches\": []}", List.of("CPU: a test CPU"), List.of("-Dflag=1"), List.of("Placement: 2 carriers"),
                new Ideal.UnitCosts(1.9, 250), 2);
        Report.write(out, info, CONFIG.benches(), rows);

        String md = Files.readString(out.resolve("report.md"));
        for (String expected : List.of("# numaloom bench, 20261122-120000", "`numaloom bench --config mem.json`",
                "- CPU: a test CPU", "`-Dflag=1`", "- Placement: 2 carriers",
                "one consumeCPU token 1.900 ns; one Thread.yield() of a virtual thread 250 ns",
                "## High (`high`)", "![High](high.svg)", "| 8 | MCS | 380,000 |", "## Words (`words`)",
                "| 1 | SEQUENTIAL |", "## How to read this", "```json\n{\"benches\": []}\n```")) {
            assertTrue(md.contains(expected), "report.md lacks: " + expected + "\n" + md);
        }
        for (String chart : List.of("high.svg", "high.png", "words.svg", "words.png")) {
            assertTrue(Files.size(out.resolve(chart)) > 0, chart);
        }
    }

    @Test
    void theTextChartShowsMillisecondsPerCountAndLeavesOutTheSequentialReference() {
        LineChart chart = Report.chartOf(CONFIG.benches().get(1), Compared.compare(List.of(
                measurement("words", "SEQUENTIAL", 1, 100_000), measurement("words", "MCS", 2, 200_000).withIdeal(400_000))), 2);
        assertEquals(List.of("MCS", "ideal"), chart.series().stream().map(LineChart.Series::name).toList());
        assertEquals(5.0, chart.series().get(0).points().get(0).y(), 1e-9, "1000 lines at 200,000 lines/s");
        assertEquals(2.5, chart.series().get(1).points().get(0).y(), 1e-9);
    }

    @Test
    void theShortSectionChartHasALinePerLockAndNoIdeal() {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2, 16]}}]}""", "s.json");
        LineChart chart = Report.chartOf(config.benches().get(0), Compared.compare(List.of(
                measurement("short", "MCS", 2, 5e6), measurement("short", "MCS", 16, 1e6),
                measurement("short", "SYNCHRONIZED", 2, 8e7))), 2);
        assertEquals(List.of("MCS", "SYNCHRONIZED"), chart.series().stream().map(LineChart.Series::name).toList());
        assertEquals("acquisitions/s (higher is better)", chart.yLabel());
        assertEquals("virtual threads (2 carriers)", chart.xLabel());
    }

    private static Measurement measurement(String bench, String lock, int threads, double throughput) {
        return Measurement.of(bench, lock, threads, throughput, "actions/s", 2, SPREAD);
    }
}
