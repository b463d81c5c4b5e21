package org.numaloom.perf.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Where the text-statistics benchmark counts words. Three ways, named like exclusions so that they
 * stand in the same tables:
 *
 * <ul>
 * <li>a lock's name: {@code K} {@link HashMap}s, the word's hash choosing one, each guarded by its
 *     own exclusion of that name. With {@code K} about the number of carriers, threads mostly
 *     contend on the maps of the few most frequent words;
 * <li>{@value #LOCK_FREE}: one {@link ConcurrentHashMap} and {@code merge}, the lock-free structure
 *     a user would otherwise pick;
 * <li>{@value #SEQUENTIAL}: one {@link HashMap} and no exclusion, for one thread only: the work
 *     itself, from which the ideal time on several carriers follows.
 * </ul>
 */
interface WordCounts {
    String LOCK_FREE = TextStatisticsBenchmark.LOCK_FREE;
    String SEQUENTIAL = TextStatisticsBenchmark.SEQUENTIAL;

    void add(String word);

    /** The counts so far; call it once the counting threads have been joined. */
    Map<String, Integer> toMap();

    /** The hand-off recorders of its exclusions, one each; none where there is no exclusion. */
    List<Handoffs> handoffs();

    /**
     * New, empty counts of that variant; {@code maps} is K for the lock variants, each of whose
     * exclusions records its hand-offs with a new {@code recorder}.
     */
    static WordCounts of(String variant, int maps, Supplier<Handoffs> recorder) {
        return switch (variant) {
            case LOCK_FREE -> new OneMap(new ConcurrentHashMap<>());
            case SEQUENTIAL -> new OneMap(new HashMap<>());
            default -> new Locked(variant, maps, recorder);
        };
    }

    /** All words in one map, without exclusion: safe for a {@link ConcurrentHashMap}, or on one thread. */
    record OneMap(Map<String, Integer> toMap) implements WordCounts {
        @Override
        public void add(String word) {
            toMap.merge(word, 1, Integer::sum);
        }

        @Override
        public List<Handoffs> handoffs() {
            return List.of();
        }
    }

    /** K maps, each under its own exclusion; map {@code i} is only touched while holding exclusion {@code i}. */
    final class Locked implements WordCounts {
        private final Exclusion[] exclusions;
        private final Handoffs[] handoffs;
        private final Map<String, Integer>[] maps;

        @SuppressWarnings("unchecked")
        Locked(String lock, int count, Supplier<Handoffs> recorder) {
            exclusions = new Exclusion[count];
            handoffs = new Handoffs[count];
            maps = new Map[count];
            for (int i = 0; i < count; i++) {
                exclusions[i] = Exclusion.named(lock);
                handoffs[i] = recorder.get();
                maps[i] = new HashMap<>();
            }
        }

        @Override
        public void add(String word) {
            int i = Math.floorMod(word.hashCode(), maps.length);
            Map<String, Integer> map = maps[i];
            exclusions[i].run(handoffs[i].around(() -> map.merge(word, 1, Integer::sum)));
        }

        @Override
        public List<Handoffs> handoffs() {
            return List.of(handoffs);
        }

        @Override
        public Map<String, Integer> toMap() {
            Map<String, Integer> all = new HashMap<>();
            for (Map<String, Integer> map : maps) {
                all.putAll(map);
            }
            return all;
        }
    }
}
