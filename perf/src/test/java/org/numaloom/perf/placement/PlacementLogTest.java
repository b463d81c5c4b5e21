package org.numaloom.perf.placement;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PlacementLogTest {

    @Test
    void countsCarriersThatHeldTheirPlan() {
        PlacementLog log = PlacementLog.of(List.of(
                "pinned 10 ForkJoinPool-1-worker-1 planned=0 actual=0 cpu=0",
                "pinned 10 ForkJoinPool-1-worker-2 planned=1 actual=1 cpu=1",
                "end 10 ForkJoinPool-1-worker-1 planned=0 actual=0 cpu=0",
                "end 10 ForkJoinPool-1-worker-3 planned=- actual=0,1 cpu=1",
                "pinned 11 ForkJoinPool-1-worker-1 planned=0,1 actual=0,1 cpu=1"));
        assertEquals(new PlacementLog(2, 3, 3, 2, 1, List.of("end 10 ForkJoinPool-1-worker-3 planned=- actual=0,1 cpu=1")), log);
        assertEquals("in 2 forks, 3 of 3 carriers ran only on their planned CPUs once pinned, 1 of 2 still did "
                + "at the end of their trial; 1 did not", log.describe());
    }

    @Test
    void aCarrierOnAnotherCpuThanPlannedDoesNotHold() {
        PlacementLog log = PlacementLog.of(List.of("pinned 10 w planned=0 actual=0 cpu=1"));
        assertEquals(0, log.pinnedAsPlanned());
    }

    @Test
    void nothingPinned() {
        assertEquals("no carrier was pinned", PlacementLog.of(List.of()).describe());
    }
}
