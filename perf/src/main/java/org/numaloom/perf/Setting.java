package org.numaloom.perf;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The seed study's two contention settings of {@link ConsumeCpuBenchmark}.
 *
 * <p>Both run 64000 items with {@code consumeCPU(1000)} and a yield inside the critical section.
 * {@link #HIGH} does nothing but one yield before entering, so the threads queue up at once;
 * {@link #LOW} first burns {@code consumeCPU(128000)} and yields twice, so most of the time is spent
 * outside and a thread often finds the exclusion free.
 */
enum Setting {
    HIGH(0, 1),
    LOW(128_000, 2);

    private static final int ACTIONS_COUNT = 64_000;
    private static final long IN_CPU_TOKENS = 1_000;
    private static final boolean YIELD_IN_CRIT = true;

    private final long beforeCpuTokens;
    private final int yieldsBefore;

    Setting(long beforeCpuTokens, int yieldsBefore) {
        this.beforeCpuTokens = beforeCpuTokens;
        this.yieldsBefore = yieldsBefore;
    }

    /** The name on the command line and in the CSV: {@code high} or {@code low}. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    int actionsCount() {
        return ACTIONS_COUNT;
    }

    /** The title of this setting's table, e.g. {@code high contention (64000 actions; ...)}. */
    String description() {
        return label() + " contention (" + ACTIONS_COUNT + " actions; before the lock: consumeCPU(" + beforeCpuTokens
                + "), " + yields(yieldsBefore) + "; inside: consumeCPU(" + IN_CPU_TOKENS + "), "
                + yields(YIELD_IN_CRIT ? 1 : 0) + ")";
    }

    /**
     * Every {@code @Param} of {@link ConsumeCpuBenchmark}, set for this setting, the given lock and
     * thread counts. All of them are set so that no run silently falls back to an annotation default.
     */
    Map<String, String[]> benchmarkParams(String lock, List<Integer> threads) {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("lock", new String[] {lock});
        params.put("threads", threads.stream().map(String::valueOf).toArray(String[]::new));
        params.put("actionsCount", values(ACTIONS_COUNT));
        params.put("beforeCpuTokens", values(beforeCpuTokens));
        params.put("inCpuTokens", values(IN_CPU_TOKENS));
        params.put("yieldsBefore", values(yieldsBefore));
        params.put("yieldInCrit", values(YIELD_IN_CRIT));
        return params;
    }

    private static String[] values(Object... values) {
        return Arrays.stream(values).map(String::valueOf).toArray(String[]::new);
    }

    private static String yields(int count) {
        return count + (count == 1 ? " yield" : " yields");
    }
}
