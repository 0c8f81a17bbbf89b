package io.neardup.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SentencesTest {
  @Test
  void abbreviationsInitialsAndDecimalsDoNotEndSentences() {
    String text =
        "Mr. J. R. R. Tolkien was born on Jan. 3, 1892, in Bloemfontein. He paid $3.50 for it,"
            + " i.e. a bargain. Dr. Smith arrived at 5 p.m. yesterday. The U.S. economy grew"
            + " 2.5% in Q3 vs. Q2! Was it enough? No final punctuation here";
    assertEquals(
        List.of(
            "Mr. J. R. R. Tolkien was born on Jan. 3, 1892, in Bloemfontein.",
            "He paid $3.50 for it, i.e. a bargain.",
            "Dr. Smith arrived at 5 p.m. yesterday.",
            "The U.S. economy grew 2.5% in Q3 vs. Q2!",
            "Was it enough?",
            "No final punctuation here"),
        Sentences.split(text));
  }

  @Test
  void realProseFromTheGplPreamble() {
    String text =
        "The licenses for most software and other practical works are designed to take away your"
            + " freedom to share and change the works.  By contrast, the GNU General Public"
            + " License is intended to guarantee your freedom to share and change all versions of"
            + " a program--to make sure it remains free software for all its users.  We, the Free"
            + " Software Foundation, use the GNU General Public License for most of our software;"
            + " it applies also to any other work released this way by its authors.  You can"
            + " apply it to your programs, too.\n\n(See Sec. 2 of the GPL, e.g. the notice.)";
    List<String> s = Sentences.split(text);
    assertEquals(5, s.size(), s.toString());
    assertEquals("You can apply it to your programs, too.", s.get(3));
    assertEquals("(See Sec. 2 of the GPL, e.g. the notice.)", s.get(4));
  }

  @Test
  void emptyAndBlankTextsHaveNoSentences() {
    assertEquals(List.of(), Sentences.split(""));
    assertEquals(List.of(), Sentences.split("  \n "));
    assertEquals(List.of("one"), Sentences.split("one"));
  }
}
