package org.numaloom.perf.placement;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CarrierPinningTest {

    @Test
    void aRunIsNamedByItsBenchmarkMethodAndItsParametersInOrder() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("lock", "PLATFORM");
        params.put("threads", "10000");
        assertEquals("SwitchCostBenchmark.run(lock=PLATFORM,threads=10000)",
                CarrierPinning.runLabel("org.numaloom.perf.bench.SwitchCostBenchmark.run", params));
    }

    @Test
    void aRunLabelStaysOneWordOfTheLogLine() {
        String run = CarrierPinning.runLabel("org.numaloom.perf.bench.TextStatisticsBenchmark.count",
                Map.of("seed", "4 2"));
        PlacementLog log = PlacementLog.of(List.of("pinned 7 w planned=0 actual=0,1 cpu=1 run=" + run));
        assertEquals(List.of(new PlacementLog.Problem("TextStatisticsBenchmark.count(seed=4_2)", false, "w", "0", "0,1", "1")),
                log.problems());
    }
}
