package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The padding the lock classes claim, checked where HotSpot really lays the fields out (JOL reads
 * the offsets of the running JVM): every group of hot fields that a class's comments call isolated
 * is at least {@value #ISOLATION} bytes (two cache lines, against adjacent-line prefetch) from every
 * other such group of the same object, and from the object's first and last byte, so from the hot
 * fields of whatever object lies next to it in memory.
 *
 * <p>HotSpot packs a subclass's field into a gap a superclass left before its padding, so a
 * padding scheme that looks right in the source can put two hot fields side by side; only the
 * real offsets tell.
 */
class LayoutTest {
    static final int ISOLATION = 128;

    /** The groups of fields each class claims isolated: fields of one group may share a line. */
    static final List<String> LEADER_LOCK_HOT = List.of("reentries", "holder", "holderWatchers", "state", "holds", "parkHint",
            "successor", "holderNode", "holderQueue", "handOffCount", "nextHandOff", "nextQueue", "spinNanos");

    static final Map<Class<?>, List<List<String>>> ISOLATED = Map.of(
            NumaMcsLock.class, List.of(LEADER_LOCK_HOT),
            CnaLock.class, List.of(LEADER_LOCK_HOT),
            McsLock.class, List.of(List.of("reentries", "holder", "holderWatchers", "holderNode")),
            LockWord.class, List.of(List.of("state")),
            McsQueue.class, List.of(List.of("tail")),
            NodeQueue.class, List.of(List.of("tail"), List.of("leader")),
            CnaQueue.class, List.of(List.of("tail"), List.of("leader"),
                    List.of("linksLocked", "passWaiting", "head", "secondaryHead", "secondaryTail",
                            "passesWhileSecondaryWaits")),
            QNode.class, List.of(List.of("status", "next", "parked")));

    static Stream<Arguments> classes() {
        return ISOLATED.entrySet().stream().map(entry -> Arguments.of(entry.getKey().getSimpleName(), entry.getKey(),
                entry.getValue()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void everyIsolatedGroupIsTwoCacheLinesFromTheOthersAndFromTheObjectsEnds(String name, Class<?> type,
            List<List<String>> groups) {
        ClassLayout layout = ClassLayout.parseClass(type);
        long size = layout.instanceSize();
        List<String> problems = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            for (String field : groups.get(g)) {
                FieldLayout hot = field(layout, field);
                if (hot.offset() < ISOLATION) {
                    problems.add(field + " at offset " + hot.offset() + " is within " + ISOLATION + " bytes of the object's start");
                }
                if (size - (hot.offset() + hot.size()) < ISOLATION) {
                    problems.add(field + " ends " + (size - hot.offset() - hot.size()) + " bytes before the object's end ("
                            + size + " bytes)");
                }
                for (int other = g + 1; other < groups.size(); other++) {
                    for (String otherField : groups.get(other)) {
                        FieldLayout near = field(layout, otherField);
                        long gap = Math.abs(near.offset() - hot.offset());
                        if (gap < ISOLATION) {
                            problems.add(field + " (offset " + hot.offset() + ") and " + otherField + " (offset "
                                    + near.offset() + ") are " + gap + " bytes apart");
                        }
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(name + ": " + String.join("; ", problems) + "\n" + layout.toPrintable());
        }
    }

    /**
     * The fields every hold of a {@link LeaderLock} writes, on acquiring and on letting go: side by
     * side, so that they span two cache lines in as few of the places an 8-byte-aligned object may
     * start at as their size allows ({@link LeaderLock}, "The hot fields").
     */
    static final List<String> WRITTEN_BY_EVERY_HOLD = List.of("state", "holds");

    @ParameterizedTest(name = "{0}")
    @ValueSource(classes = {NumaMcsLock.class, CnaLock.class})
    void theFieldsEveryHoldWritesLieSideBySide(Class<?> type) {
        ClassLayout layout = ClassLayout.parseClass(type);
        List<FieldLayout> written = WRITTEN_BY_EVERY_HOLD.stream().map(name -> field(layout, name)).toList();
        long first = written.stream().mapToLong(FieldLayout::offset).min().orElseThrow();
        long end = written.stream().mapToLong(f -> f.offset() + f.size()).max().orElseThrow();
        long size = written.stream().mapToLong(FieldLayout::size).sum();
        assertEquals(size, end - first, type.getSimpleName() + ": " + WRITTEN_BY_EVERY_HOLD + " span bytes "
                + first + " to " + end + ", with other fields between them\n" + layout.toPrintable());
    }

    private static FieldLayout field(ClassLayout layout, String name) {
        List<FieldLayout> matches = layout.fields().stream().filter(f -> f.name().equals(name)).toList();
        assertTrue(matches.size() == 1, "expected one field named " + name + ", found "
                + matches.stream().map(f -> f.classShortName() + "." + f.name()).collect(Collectors.joining(", ")));
        return matches.get(0);
    }
}
