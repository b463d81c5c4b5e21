package org.numaloom.perf;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.report.Ideal;
import org.numaloom.perf.report.Measurement;
import org.numaloom.perf.report.Spread;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which benches get an ideal: consumeCPU from the unit costs; the short section none, even with them measured. */
class ResultsIdealsTest {
    private static final BenchConfig CONFIG = BenchConfig.parse("""
            {"benches": [
              {"name": "consumeCpu", "payload": {"title": "High", "actionsCount": 640, "beforeCpuTokens": 0,
                "inCpuTokens": 1000, "yieldsBefore": 0, "threads": [2]}},
              {"name": "shortSection", "payload": {"title": "Short", "threads": [2]}}]}""", "ideals.json");
    /** 1 ns per token, 500 ns per yield. */
    private static final Ideal.UnitCosts COSTS = new Ideal.UnitCosts(1, 500);

    @Test
    void theShortSectionHasNoIdealWhileConsumeCpuHasOne() {
        List<Measurement> withIdeals = Results.withIdeals(List.of(measurement("high", "actions/s"),
                measurement("short", "acquisitions/s")), CONFIG, COSTS, 2);
        assertEquals(1e6, withIdeals.get(0).ideal(), 1e-6, "one section of 1000 tokens at a time: 1,000,000 actions/s");
        assertTrue(Double.isNaN(withIdeals.get(1).ideal()), "no ideal for the short section");
        assertTrue(Double.isNaN(withIdeals.get(1).efficiency()));
    }

    private static Measurement measurement(String bench, String unit) {
        return Measurement.of(bench, "MCS", 2, 500_000, unit, 1, Spread.of(1, 2, 3));
    }
}
