package org.numaloom.perf.config;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The {@code payload} of one bench, exactly as the JSON gives it: every field optional, so that an
 * absent field can be told from a zero. The seed study's fields come first; {@code lines},
 * {@code maps}, {@code seed}, {@code yieldsPerThread}, {@code platformThreadsUpTo},
 * {@code acquisitionsCount}, {@code outsideWork} and {@code sharedWords} are this kit's additions for
 * the text-statistics, switch-cost and short-section benches. Which fields a bench accepts is
 * {@link BenchKind}'s business; Jackson already rejects names that are no field at all.
 */
public record Payload(Integer actionsCount, Long beforeCpuTokens, Long inCpuTokens, Integer warmupIterations,
                      Integer measurementIterations, Integer forks, Integer yieldsBefore, Boolean yieldInCrit,
                      String title, Boolean skip, List<Integer> threads, Integer threadsFrom, List<LockEntry> locks,
                      Integer lines, Integer maps, Long seed, Integer yieldsPerThread, Integer platformThreadsUpTo,
                      Integer acquisitionsCount, Integer outsideWork, Integer sharedWords) {

    /** One entry of {@code locks}: a lock by name, which the seed could also skip. */
    public record LockEntry(String name, Boolean skip) {
    }

    /** The names of the fields this payload sets, in declaration order. */
    List<String> presentFields() {
        return Arrays.stream(Payload.class.getRecordComponents())
                .filter(component -> valueOf(component) != null)
                .map(RecordComponent::getName)
                .toList();
    }

    /** Every field name a payload can have, in declaration order. */
    static List<String> allFields() {
        return Arrays.stream(Payload.class.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    private Object valueOf(RecordComponent component) {
        try {
            return component.getAccessor().invoke(this);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("record accessor " + component.getName() + " failed", e);
        }
    }

    static <T> T orDefault(T value, T fallback) {
        return Objects.requireNonNullElse(value, fallback);
    }
}
