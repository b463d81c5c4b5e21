package org.numaloom.perf;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.annotations.Param;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class SettingTest {

    /** JMH ignores a parameter the benchmark lacks, so a misspelt name would silently keep the default. */
    @ParameterizedTest
    @EnumSource(Setting.class)
    void setsExactlyTheBenchmarksParams(Setting setting) {
        Set<String> benchmarkParams = Arrays.stream(ConsumeCpuBenchmark.class.getFields())
                .filter(field -> field.isAnnotationPresent(Param.class))
                .map(Field::getName)
                .collect(Collectors.toSet());
        assertEquals(benchmarkParams, setting.benchmarkParams("MCS", List.of(2)).keySet());
    }

    @Test
    void theSeedStudysSettings() {
        assertParams(Setting.HIGH, "64000", "0", "1000", "1", "true");
        assertParams(Setting.LOW, "64000", "128000", "1000", "2", "true");
    }

    @Test
    void lockAndThreadCounts() {
        Map<String, String[]> params = Setting.HIGH.benchmarkParams("NUMA_MCS", List.of(2, 64));
        assertArrayEquals(new String[] {"NUMA_MCS"}, params.get("lock"));
        assertArrayEquals(new String[] {"2", "64"}, params.get("threads"));
    }

    @Test
    void descriptions() {
        assertEquals("high contention (64000 actions; before the lock: consumeCPU(0), 1 yield; "
                + "inside: consumeCPU(1000), 1 yield)", Setting.HIGH.description());
        assertEquals("low contention (64000 actions; before the lock: consumeCPU(128000), 2 yields; "
                + "inside: consumeCPU(1000), 1 yield)", Setting.LOW.description());
    }

    private static void assertParams(Setting setting, String actionsCount, String beforeCpuTokens, String inCpuTokens,
                                     String yieldsBefore, String yieldInCrit) {
        Map<String, String[]> params = setting.benchmarkParams("MCS", List.of(2));
        assertArrayEquals(new String[] {actionsCount}, params.get("actionsCount"));
        assertArrayEquals(new String[] {beforeCpuTokens}, params.get("beforeCpuTokens"));
        assertArrayEquals(new String[] {inCpuTokens}, params.get("inCpuTokens"));
        assertArrayEquals(new String[] {yieldsBefore}, params.get("yieldsBefore"));
        assertArrayEquals(new String[] {yieldInCrit}, params.get("yieldInCrit"));
        assertEquals(Integer.parseInt(actionsCount), setting.actionsCount());
    }
}
