package org.numaloom.perf.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.numaloom.perf.config.BenchConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportTest {
    private static final Spread SPREAD = Spread.of(1, 2, 3);
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [
              {"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
                "inCpuTokens": 1000, "yieldInCrit": true, "threads": [2, 8], "locks": [{"name": "MCS"}]}},
              {"name": "text", "payload": {"title": "Words", "lines": 1000, "threads": [2]}}]}""", "mem.json");
    private static final List<Compared> ROWS = Compared.compare(List.of(
            measurement("high", "MCS", 2, 400_000).withIdeal(450_000),
            measurement("high", "UNFAIR_REENTRANT", 2, 350_000).withIdeal(450_000),
            measurement("high", "MCS", 8, 380_000).withIdeal(450_000),
            measurement("words", "SEQUENTIAL", 1, 100_000),
            measurement("words", "MCS", 2, 150_000).withIdeal(200_000)));
    private static final Report.RunInfo INFO = new Report.RunInfo("20261122-120000", "numaloom bench --config mem.json",
            "mem.json", "{\"benches\": []}", List.of("CPU: a test CPU"), List.of("-Dflag=1"),
            List.of("Placement: 2 carriers"), new Ideal.UnitCosts(1.9, 250), 2, List.of());

    @Test
    void tiesMachineRunAndEveryBenchTogether(@TempDir Path out) throws Exception {
        assertEquals(Optional.empty(), Report.write(out, INFO, CONFIG.benches(), ROWS), "nothing to say on the console");

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
    void benchesWithRemoteHandoffsGetASecondChartAndOnlyThey(@TempDir Path out) throws Exception {
        List<Compared> rows = Compared.compare(List.of(
                measurement("high", "MCS", 2, 400_000).withRemoteHandoffFraction(0.02),
                measurement("high", "UNFAIR_REENTRANT", 2, 350_000).withRemoteHandoffFraction(0.48),
                measurement("words", "MCS", 2, 150_000)));

        Report.write(out, INFO, CONFIG.benches(), rows);

        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("![High: remote hand-offs](high-remote-handoffs.svg)"), md);
        assertTrue(md.contains("| 2 | UNFAIR_REENTRANT | 350,000 |"), md);
        assertTrue(md.contains(" 0.480 |"), md);
        assertTrue(Files.readString(out.resolve("high-remote-handoffs.svg")).contains("UNFAIR_REENTRANT"));
        assertTrue(Files.size(out.resolve("high-remote-handoffs.png")) > 0);
        assertFalse(Files.exists(out.resolve("words-remote-handoffs.svg")), "nothing recorded for the text bench");
        assertFalse(md.contains("words-remote-handoffs"), md);
    }

    /** A line per lock that has fractions, at its values, and the dashed 0.5 a lock blind to nodes lands near. */
    @Test
    void theRemoteHandoffChartPlotsEachLocksFractions() {
        List<Compared> rows = Compared.compare(List.of(
                measurement("high", "MCS", 2, 400_000).withRemoteHandoffFraction(0.02),
                measurement("high", "MCS", 8, 380_000).withRemoteHandoffFraction(0.04),
                measurement("high", "UNFAIR_REENTRANT", 2, 350_000)));

        LineChart chart = Report.remoteHandoffsChartOf(CONFIG.benches().get(0), rows, 2);

        assertEquals(List.of(new LineChart.Series("MCS", List.of(new LineChart.Point(2, 0.02), new LineChart.Point(8, 0.04)),
                false), new LineChart.Series("0.5", List.of(new LineChart.Point(2, 0.5), new LineChart.Point(8, 0.5)), true)),
                chart.series());
    }

    @Test
    void aMachineWithoutFontsGetsTheReportAndEverySvgAndOneNoteWhy(@TempDir Path out) throws Exception {
        AtomicInteger drawn = new AtomicInteger();
        Optional<String> noPng = Report.write(out, INFO, CONFIG.benches(), ROWS, (chart, directory, stem) -> {
            drawn.incrementAndGet();
            throw new Error("No physical fonts found");
        });

        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| 8 | MCS | 380,000 |") && md.contains("## How to read this"), md);
        assertEquals(1, occurrences(md, "java.lang.Error: No physical fonts found"), "one note for the run:\n" + md);
        for (String stem : List.of("high", "words")) {
            assertTrue(Files.size(out.resolve(stem + ".svg")) > 0, stem + ".svg");
            assertFalse(Files.exists(out.resolve(stem + ".png")), stem + ".png");
        }
        assertEquals(1, drawn.get(), "after the first chart fails, the next would fail the same way");
        assertTrue(noPng.orElseThrow().contains("java.lang.Error: No physical fonts found"), "for the console: " + noPng);
    }

    @Test
    void whateverTheDrawingThrowsTheReportIsWrittenWithOneNote(@TempDir Path out) throws Exception {
        for (Throwable cannotDraw : List.of(new RuntimeException("no X11"), new InternalError("no font manager"),
                new NoClassDefFoundError("Could not initialize class sun.awt.X11FontManager"), new Error())) {
            Path dir = Files.createDirectories(out.resolve(cannotDraw.getClass().getSimpleName()));
            Report.write(dir, INFO, CONFIG.benches(), ROWS, throwing(cannotDraw));
            String md = Files.readString(dir.resolve("report.md"));
            assertEquals(1, occurrences(md, cannotDraw.toString()), "one note for the run:\n" + md);
        }
    }

    @Test
    void theJvmsOwnFailuresAreNotTakenForAMachineThatCannotDraw(@TempDir Path out) {
        for (VirtualMachineError failing : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError())) {
            assertSame(failing, assertThrows(VirtualMachineError.class,
                    () -> Report.write(out, INFO, CONFIG.benches(), ROWS, throwing(failing))));
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

    /** A variant differs from its lock only by its flags: its bench's section says them, not only the config at the end. */
    @Test
    void aBenchsSectionListsItsVariantsFlags(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "locks": [
                  {"name": "MCS"}, {"name": "MCS", "variant": "nospin", "jvmArgs": ["-Dnumaloom.leaderSpinNanos=0", "-Da=1"]},
                  {"name": "MCS", "variant": "same"}]}}]}""", "s.json");
        Report.write(out, INFO, config.benches(), Compared.compare(List.of(measurement("short", "MCS", 2, 5e6),
                measurement("short", "MCS@nospin", 2, 4e6), measurement("short", "MCS@same", 2, 5e6))), throwing(new Error()));
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("\n\nVariants:\n\n- MCS@nospin: -Dnumaloom.leaderSpinNanos=0 -Da=1\n- MCS@same: no flags of"
                + " its own\n\n"), report);
    }

    @Test
    void theVariantsLineSaysWhichBaselinesAVariantIsComparedWith() {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "locks": [
                  {"name": "MCS", "variant": "c1", "jvmArgs": ["-Dc=1"]}, {"name": "SYNCHRONIZED", "variant": "c1", "jvmArgs": ["-Dc=1"]},
                  {"name": "UNFAIR_REENTRANT", "variant": "c1", "jvmArgs": ["-Dc=1"]}]}}]}""", "s.json");
        assertEquals(List.of("MCS@c1: -Dc=1; ratios to UNFAIR_REENTRANT@c1 and SYNCHRONIZED@c1", "SYNCHRONIZED@c1: -Dc=1",
                "UNFAIR_REENTRANT@c1: -Dc=1"), Report.variants(config.benches().get(0)));
    }

    /** The round-by-round ratios of a variant compared with the baselines' variants of its label are marked with it. */
    @Test
    void theRoundRatiosOfAVariantNameTheBaselinesVariants(@TempDir Path out) throws Exception {
        BenchConfig config = BenchConfig.parse("""
                {"benches": [{"name": "shortSection", "payload": {"title": "Short", "threads": [2], "rounds": 2, "locks": [
                  {"name": "MCS", "variant": "c1", "jvmArgs": ["-Dc=1"]}, {"name": "SYNCHRONIZED", "variant": "c1", "jvmArgs": ["-Dc=1"]},
                  {"name": "UNFAIR_REENTRANT", "variant": "c1", "jvmArgs": ["-Dc=1"]}]}}]}""", "s.json");
        String bench = config.benches().get(0).id();
        List<Compared> rows = Compared.compare(List.of(rounds(bench, "MCS@c1", 4, 4), rounds(bench, "SYNCHRONIZED@c1", 2, 2),
                rounds(bench, "UNFAIR_REENTRANT@c1", 1, 1), rounds(bench, "SYNCHRONIZED", 1, 1),
                rounds(bench, "UNFAIR_REENTRANT", 1, 1)));

        Report.write(out, INFO, config.benches(), rows);

        String md = Files.readString(out.resolve("report.md"));
        assertTrue(md.contains("| 2 | MCS@c1 | 4.00 (median of 4.00, 4.00) (@c1) | 2.00 (median of 2.00, 2.00) (@c1) |"), md);
        assertTrue(md.contains("| 2 | SYNCHRONIZED@c1 | 2.00 (median of 2.00, 2.00) | 2.00 (median of 2.00, 2.00) |"), md);
    }

    /** A PNG writer that throws {@code cannotDraw}, which is unchecked. */
    private static Report.PngWriter throwing(Throwable cannotDraw) {
        return (chart, directory, stem) -> {
            if (cannotDraw instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) cannotDraw;
        };
    }

    private static int occurrences(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    /** Of {@code bench} at 2 threads, with a throughput per round (the pooled one is their mean). */
    private static Measurement rounds(String bench, String lock, double... perRound) {
        return measurement(bench, lock, 2, Arrays.stream(perRound).average().orElseThrow())
                .withRounds(Arrays.stream(perRound).boxed().toList());
    }

    private static Measurement measurement(String bench, String lock, int threads, double throughput) {
        return Measurement.of(bench, lock, threads, throughput, "actions/s", 2, SPREAD);
    }
}
