package org.numaloom.perf.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The one copy of the library's JVM flags that cannot read pom.xml ({@link JvmFlags}: JMH's
 * {@code @Fork} takes compile-time constants) against pom.xml's {@code numaloom.jvmFlags}, which
 * surefire hands to this JVM as a system property.
 */
class JvmFlagsTest {
    @Test
    void theForkConstantsAreTheFlagsOfPomXml() {
        String fromPom = System.getProperty("numaloom.jvmFlags", "").strip();
        assertFalse(fromPom.isEmpty(), "surefire sets numaloom.jvmFlags from pom.xml");
        assertEquals(List.of(fromPom.split("\\s+")), JvmFlags.LIBRARY,
                "perf's JvmFlags differ from pom.xml's numaloom.jvmFlags: change them together");
    }

    @Test
    void aForkThatCannotSeeCarriersIsStoppedAndToldTheFlags() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> JvmFlags.requireLibraryFlags(false));
        assertTrue(e.getMessage().contains(String.join(" ", JvmFlags.LIBRARY)), e.getMessage());
        assertTrue(e.getMessage().contains("-jvmArgsAppend replaces"), e.getMessage());
        assertDoesNotThrow(() -> JvmFlags.requireLibraryFlags(true));
    }
}
