package io.neardup.testkit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.neardup.settings.NearDupSettings;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Generates the sample corpus shipped in {@code samples/} (and small corpora like it for the CLI's
 * tests): news-like English articles built from sentence templates with a seeded {@link Random},
 * some of them in families of near-duplicates made the way copies arise on the web (syndication,
 * reformatting, site boilerplate, light and heavy edits, added or dropped sentences, truncation),
 * with the test kit's edit model ({@link Edits}). Deterministic: the same seed gives the same
 * bytes. {@link #truth} computes the exact Jaccard similarity of every pair by brute force ({@link
 * ExactTruth}).
 *
 * <p>Articles come from sentence templates rather than {@link EnglishText}: a reader trying the
 * tool sees news, with the fields ({@code source}, {@code published}, {@code views}) that choose
 * canonical copies. The committed files are this generator's output byte for byte, and the CLI's
 * tests check it: regenerate them with {@code ./mvnw -pl cli -am test -Dtest=SampleCorpusTest
 * -Dsurefire.failIfNoSpecifiedTests=false -Dneardup.samples.write=true}.
 */
public final class SampleCorpus {
  /** Seed of the committed corpus. */
  public static final long SEED = 20_240_917L;

  /** Floor of the committed ground truth. */
  public static final double TRUTH_FLOOR = 0.3;

  /** How a document came about. */
  public enum Kind {
    /** An original article. */
    ORIGINAL,
    /** The same text on another site. */
    SYNDICATED,
    /** The same words with other case, punctuation and spacing. */
    REFORMATTED,
    /** The text between a site's header and footer. */
    BOILERPLATE,
    /** One or two words changed. */
    LIGHT_EDIT,
    /** Several words changed and a sentence rewritten. */
    HEAVY_EDIT,
    /** A sentence added at the end. */
    SENTENCE_ADDED,
    /** A sentence left out. */
    SENTENCE_DROPPED,
    /** Only the first part of the text. */
    TRUNCATED
  }

  /**
   * One generated document.
   *
   * @param id its id
   * @param family the family it belongs to (the original's number)
   * @param kind how it was made from the family's original
   * @param source the site
   * @param published publication date, ISO-8601
   * @param views page views
   * @param text the text
   */
  public record Doc(
      String id, int family, Kind kind, String source, String published, long views, String text) {
    /** This document under another id. */
    public Doc withId(String newId) {
      return new Doc(newId, family, kind, source, published, views, text);
    }

    /** This document with another publication date. */
    public Doc withPublished(String date) {
      return new Doc(id, family, kind, source, date, views, text);
    }
  }

  private static final JsonMapper JSON = new JsonMapper();

  private static final Map<String, String[]> WORDS = new HashMap<>();

  static {
    words(
        "city",
        "Riverton",
        "Millbrook",
        "Ashford",
        "Cedar Falls",
        "Port Elena",
        "Northgate",
        "Lakewood",
        "Brambleton",
        "Eastvale",
        "Harrow Bay",
        "Stonebridge",
        "Fairhaven");
    words(
        "person",
        "Maria Alvarez",
        "James Whitfield",
        "Priya Natarajan",
        "Tom Okafor",
        "Helen Brooks",
        "Daniel Kowalski",
        "Aisha Rahman",
        "Lucas Moreau",
        "Grace Lindqvist",
        "Samuel Ortega",
        "Nora Fitzgerald",
        "Victor Chen",
        "Ingrid Halvorsen",
        "Omar Haddad");
    words(
        "role",
        "the mayor",
        "a city council member",
        "the county treasurer",
        "a local teacher",
        "the head of the chamber of commerce",
        "a spokesperson for the transit authority",
        "the school superintendent",
        "a retired engineer",
        "the fire chief",
        "a nurse");
    words("day", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday");
    words(
        "month",
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December");
    words(
        "project",
        "a new footbridge over the river",
        "the expansion of the public library",
        "a bus rapid transit line",
        "the renovation of the old train station",
        "a network of protected bike lanes",
        "a community solar farm",
        "the replacement of aging water mains",
        "a shelter for homeless families",
        "a downtown farmers market",
        "the restoration of the harbor wall");
    words(
        "agency",
        "the planning department",
        "the state environmental agency",
        "the regional transit authority",
        "the parks department",
        "the county health office",
        "the housing board",
        "the water utility");
    words(
        "company",
        "Northwind Analytics",
        "Bluestone Logistics",
        "Harper & Vale",
        "Quantum Orchard",
        "Redleaf Foods",
        "Meridian Bank",
        "Copperline Energy",
        "Atlas Robotics",
        "Silverpine Media",
        "Kestrel Airlines",
        "Granite Health");
    words(
        "product",
        "its subscription service",
        "a line of electric delivery vans",
        "a budget smartphone",
        "an inventory management platform",
        "a plant-based burger",
        "a mobile banking app",
        "home battery packs",
        "a warehouse robot",
        "a streaming package for sports fans",
        "a regional airline route");
    words(
        "field",
        "marine biology",
        "astrophysics",
        "soil science",
        "neuroscience",
        "climate modeling",
        "materials science",
        "epidemiology",
        "archaeology",
        "genetics");
    words(
        "finding",
        "coral reefs recover faster when grazing fish are protected",
        "a distant galaxy formed its stars earlier than models predicted",
        "cover crops can raise farm yields within three seasons",
        "short naps improve memory consolidation in older adults",
        "ocean warming is shifting the migration routes of tuna",
        "a new alloy resists corrosion in seawater for decades",
        "wastewater samples can warn of flu outbreaks two weeks early",
        "the settlement was occupied for nearly a thousand years",
        "a single gene controls the color patterns of butterfly wings");
    words(
        "university",
        "the University of Eastvale",
        "Northgate Institute of Technology",
        "Fairhaven College",
        "the Harrow Bay Marine Laboratory",
        "Stonebridge University",
        "the Lakewood Medical School");
    words(
        "team",
        "the Riverton Hawks",
        "the Millbrook Miners",
        "the Ashford Foxes",
        "the Port Elena Mariners",
        "the Cedar Falls Comets",
        "the Northgate Rangers",
        "the Lakewood Lions",
        "the Eastvale Eagles");
    words(
        "sport_event",
        "the regional final",
        "the season opener",
        "a tense derby",
        "the semifinal",
        "a rain-soaked league match",
        "the championship decider");
    words(
        "dish",
        "a slow-cooked lamb stew",
        "wild mushroom risotto",
        "grilled sardines",
        "a lemon and almond tart",
        "spiced lentil soup",
        "roast chicken with root vegetables",
        "a smoked trout salad",
        "buckwheat pancakes");
    words(
        "place",
        "a converted warehouse",
        "a narrow storefront on the main square",
        "an old fishing cottage",
        "the ground floor of a former bank",
        "a glass pavilion in the botanical garden",
        "a quiet side street near the harbor");
    words(
        "weather",
        "heavy rain",
        "a late frost",
        "strong winds",
        "an early heat wave",
        "dense fog",
        "a week of drought",
        "unusually warm nights",
        "a snowstorm");
    words("crop", "apples", "wheat", "strawberries", "potatoes", "grapes", "barley", "cherries");
    words(
        "gadget",
        "the new tablet",
        "a folding phone",
        "the smartwatch",
        "a pair of earbuds",
        "the e-reader",
        "a compact camera",
        "the mesh router");
    words(
        "feature",
        "battery life",
        "the display",
        "the camera",
        "the keyboard",
        "sound quality",
        "the charging speed",
        "the software updates",
        "the build quality");
    words(
        "adjective",
        "impressive",
        "disappointing",
        "solid",
        "uneven",
        "remarkable",
        "surprisingly good",
        "mediocre",
        "excellent",
        "frustrating");
    words(
        "disease",
        "measles",
        "seasonal flu",
        "dengue fever",
        "whooping cough",
        "norovirus",
        "a respiratory virus");
    words(
        "book",
        "a debut novel about three sisters",
        "a history of the spice trade",
        "a memoir of a lighthouse keeper",
        "a collection of short stories set in mining towns",
        "a biography of a forgotten inventor",
        "a thriller set on a night train");
    words(
        "artist",
        "a young sculptor",
        "a jazz pianist",
        "a documentary photographer",
        "a string quartet",
        "a muralist",
        "a choreographer",
        "a folk singer");
  }

  private static void words(String slot, String... values) {
    WORDS.put(slot, values);
  }

  /**
   * Sentence templates by topic: {slot} is replaced by a random word of the slot, [a|b|c] by one of
   * the alternatives, so that articles from one template set still differ in most shingles.
   */
  private static final String[][] TOPICS = {
    { // local news
      "The [city council|town council|municipal council] of {city} voted {n} to {m} on {day} to"
          + " [approve|back|endorse] {project}.",
      "[Supporters|Backers|Proponents] [say|argue|believe] {project} will [ease|reduce|relieve]"
          + " [traffic|congestion] and [bring|draw|attract] [new|more] visitors to the [old town"
          + " center|historic district|waterfront|main square].",
      "{person}, {role}, [told reporters|said in an interview|explained] that the [plan|idea"
          + "|proposal] had been [discussed|debated|on the table] for more than {n} years.",
      "[Opponents|Critics|Several residents] [argued|complained|warned] that the [cost|price"
          + " tag|budget], estimated at {money} million dollars, was [far too high|excessive"
          + "|hard to justify] for a [town|community|city] of this size.",
      "[Construction|Work] is [expected|scheduled|planned] to [begin|start] in {month} and to"
          + " [last|take] about {n} months [if the weather cooperates|barring delays|according to"
          + " the contractor].",
      "[Residents|Neighbors|People] who [attended|came to|spoke at] the meeting raised concerns"
          + " about [noise|dust|traffic], [parking|safety|property values] and the loss of"
          + " [several old oak trees|a popular playground|green space].",
      "{agency} will [publish|release|share] a [detailed|full] schedule and hold [two|three|several]"
          + " public hearings before any work [starts|begins].",
      "A similar proposal was [rejected|voted down|shelved] in {year} after a petition gathered"
          + " more than {thousands} [hundred|thousand] signatures.",
      "[Local shop owners|Business owners|Merchants downtown] are [divided|split], with some"
          + " hoping for more [customers|foot traffic] and others fearing months of"
          + " [disruption|roadworks|closed streets].",
      "The council also [agreed|decided|voted] to review [property tax rates|parking fees|water"
          + " charges] at its next [session|meeting] in {month}.",
      "{person} said the [town|city] could not [afford|risk] to wait any longer while"
          + " [neighboring|nearby] {city} [moved ahead|pressed on|forged ahead].",
      "Funding will come [partly|in part] from a [state|federal] grant and [partly|in part] from"
          + " a bond that voters approved [last autumn|in the spring|two years ago]."
    },
    { // business
      "{company} reported quarterly [revenue|sales] of {money} million dollars on {day}, up {n}"
          + " percent from a year [earlier|before].",
      "The [growth|increase|gain] was driven [mainly|largely|mostly] by {product}, which the"
          + " company [launched|introduced|rolled out] in {month}.",
      "Shares of {company} [rose|climbed|jumped] {n} percent in early trading before [falling"
          + " back|giving up some gains|settling] in the afternoon.",
      "[Chief executive|CEO|Company president] {person} said demand [remained|stayed] [strong"
          + "|robust|healthy] despite [higher borrowing costs|rising interest rates] and"
          + " [cautious|nervous|price-conscious] consumers.",
      "[Analysts|Market watchers|Investors] had [expected|predicted|braced for] weaker results"
          + " after a [difficult|slow|disappointing] [holiday season|quarter] for [most"
          + " retailers|the industry].",
      "The company [plans|intends|expects] to hire about {hundreds} people over the next"
          + " [year|two years], most of them in {city}.",
      "[Profit margins|Margins|Earnings] [narrowed|shrank|slipped] [slightly|a little] because of"
          + " rising [shipping|transport|freight] and [energy|fuel|labor] costs.",
      "{company} also [announced|unveiled|disclosed] a partnership with {company2} to share"
          + " [warehouses|data centers|factories] and [delivery routes|suppliers|technology].",
      "Some [investors|shareholders|analysts] remain [skeptical|unconvinced|wary], pointing to the"
          + " [heavy|large|growing] spending on [marketing|advertising|expansion] and new offices.",
      "The board [approved|declared] a dividend of {cents} cents per share, payable at the"
          + " [end|start] of {month}.",
      "Competition in the [sector|industry|market] has [intensified|heated up|grown fiercer] as"
          + " [larger|bigger] rivals cut prices to [win|gain|grab] market share.",
      "{person} told [analysts|investors] on a [conference call|video call] that the outlook for"
          + " the rest of the year was [cautiously optimistic|uncertain|encouraging]."
    },
    { // science
      "[Researchers|Scientists] at {university} have [found|shown|discovered] that {finding},"
          + " according to a study published on {day}.",
      "The [team|group], led by {person}, spent {n} years [collecting|gathering|analyzing] data for"
          + " the [project|study|work].",
      "Experts in {field} [described|called] the results [surprising|unexpected|remarkable] but"
          + " [consistent|in line] with earlier [observations|studies|work].",
      "The study was based on [measurements|samples|records] from {hundreds} [sites|locations"
          + "|stations] spread across [three|four|several] continents.",
      "{person} [cautioned|warned|stressed] that more [work|research] is needed before the"
          + " findings can be [applied|used] in [practice|the field|clinics].",
      "[Funding|Support|Money for the work] came from a national science foundation and a"
          + " [private|charitable|family] trust.",
      "[Previous|Earlier|Older] research had [suggested|pointed to|indicated] the opposite, which"
          + " made the new results all the more [striking|interesting|notable].",
      "The authors [plan|hope|intend] to repeat the [experiment|study|analysis] with a larger"
          + " [sample|group|data set] starting in {month}.",
      "Independent [scientists|researchers|experts] who [reviewed|read] the paper said the methods"
          + " were [careful|sound|rigorous] and the data [convincing|solid|persuasive].",
      "The findings could [eventually|one day|in time] [inform|shape|guide] [policy"
          + " decisions|regulations|planning] on [land use|fisheries|public health] and"
          + " [conservation|farming|prevention].",
      "All [data|measurements] and [code|software] from the project have been made [freely"
          + " available|public|open] to other researchers.",
      "A follow-up study in {field} is already [under way|in progress|planned] at a partner"
          + " [laboratory|institute|university] in {city}."
    },
    { // sports
      "{team} [beat|defeated|edged] {team2} {n} to {m} in {sport_event} on {day} [night"
          + "|afternoon|evening].",
      "The [winning|decisive|deciding] goal came in the [final|closing|last] minutes after a"
          + " [long|sustained] period of pressure from the [home side|hosts|visitors].",
      "[Coach|Manager|Head coach] {person} praised the [defense|back line|goalkeeper], which had"
          + " [struggled|looked shaky|been criticized] for most of the season.",
      "A crowd of {thousands} thousand [fans|supporters|spectators] filled the stadium despite"
          + " {weather} earlier in the day.",
      "The [visitors|home team|away side] had taken an early lead but could not [hold on|keep it]"
          + " after their [captain|top scorer|goalkeeper] was [injured|sent off|substituted].",
      "{person} scored twice and was named player of the match for the [third|second|fourth]"
          + " time this [year|season].",
      "The result moves {team} to [second|third|fourth] place in the [table|standings],"
          + " [two|three|four] points behind the leaders.",
      "Both teams now face a [busy|crowded|demanding] schedule with [four|three|five] matches in"
          + " the next [two|three] weeks.",
      "The referee was [criticized|questioned|booed] by both [benches|sets of fans] for a series"
          + " of [disputed|controversial|puzzling] decisions.",
      "Tickets for the next home game in {month} [sold out|were gone|disappeared] within"
          + " [hours|minutes|a day] of going on sale.",
      "Club officials [confirmed|announced|revealed] that a new [training ground|youth"
          + " academy|stand] will open in {city} next season.",
      "[Fans|Supporters] stayed long after the final whistle to [celebrate|sing|cheer] with the"
          + " players on the [pitch|field]."
    },
    { // food and travel
      "A new [restaurant|bistro|eatery] has opened in {place} in {city}, serving {dish} and other"
          + " [seasonal|regional|simple] dishes.",
      "The chef, {person}, trained in [several|various|a few] kitchens [abroad|in the capital"
          + "|overseas] before returning to [her home town|the region|the coast].",
      "The menu [changes|is rewritten|rotates] every [week|few days|month] depending on what"
          + " [local|nearby] [farmers|growers] and [fishermen|foragers] bring in.",
      "[Our favorite|The highlight|The standout] was {dish}, [generous in portion|beautifully"
          + " presented|full of flavor] and [carefully|perfectly|expertly] seasoned.",
      "Prices are [moderate|reasonable|fair], with most main courses costing between {n} and"
          + " {price} dollars.",
      "The dining room is [small|tiny|intimate], so booking a table in advance is [strongly"
          + " recommended|essential|a good idea].",
      "Service was [friendly|warm|attentive] and [relaxed|unhurried], if [occasionally|at times]"
          + " slow on a busy {day} evening.",
      "Visitors to {city} will also find a [lively|colorful|busy] market and a [pleasant|gentle"
          + "|scenic] walk along the [waterfront|river|old walls].",
      "The wine list is [short|brief|compact] but [thoughtful|well chosen|interesting], with"
          + " several bottles from [small|independent|family] [regional|local] producers.",
      "For dessert, the kitchen [offers|serves|suggests] {dish} and a selection of [local"
          + "|regional|aged] cheeses.",
      "The [restaurant|place] is closed on {day} and during the [first|last] two weeks of"
          + " {month}.",
      "[Overall|All in all|In short] it is one of the most [promising|exciting|welcome] openings"
          + " in the [region|area|city] this year."
    },
    { // technology review
      "We spent [two|three|several] weeks [testing|using|living with] {gadget}, and the results"
          + " were {adjective}.",
      "The biggest [improvement|change|upgrade] over last year's model is {feature}, which feels"
          + " [noticeably|clearly|much] better in [daily|everyday] use.",
      "On the other hand, {feature} is {adjective} and [lags behind|trails] [most|many]"
          + " competitors at this price.",
      "The device costs {price} dollars, which puts it in the [middle|upper half|lower half] of"
          + " the market.",
      "Setup took only a few minutes, and the companion app is [clear|clean|well designed] and"
          + " [easy|simple|pleasant] to use.",
      "{company} promises at least {n} years of [security|software] updates, [longer|more] than"
          + " many rivals.",
      "In our tests the battery lasted about {n} hours of [mixed|heavy|typical] use before"
          + " needing a charge.",
      "The design is [understated|minimal|plain], with rounded edges and a [matte|textured|soft]"
          + " finish that resists fingerprints.",
      "[Heavy|Power|Demanding] users may find the storage [limited|tight|small], since it cannot"
          + " be expanded with a memory card.",
      "Reviewers at [several|other|many] outlets have reached [similar|comparable] conclusions"
          + " about its [strengths|weaknesses|value].",
      "If you already own the [previous|older|last] version, there is little reason to upgrade"
          + " [right away|this year|yet].",
      "For first-time buyers, however, it is an [easy|obvious|solid] recommendation at its"
          + " [current|launch|sale] price."
    },
    { // health
      "Health officials in {city} have reported {n} new cases of {disease} since the [start"
          + "|beginning] of {month}.",
      "[Most|Many|Nearly half] of the patients are children under the age of [ten|twelve|five],"
          + " according to {agency}.",
      "{person}, a [doctor|pediatrician|physician] at the [regional|county|university] hospital,"
          + " urged parents to [check|review|update] their children's vaccination records.",
      "Clinics will offer free vaccinations on {day} and Saturday [mornings|afternoons] for the"
          + " rest of the [month|season].",
      "Symptoms usually appear within a [week|few days] and include [fever|a high temperature],"
          + " [coughing|a sore throat] and a general feeling of [weakness|fatigue].",
      "Schools have been asked to report any [unusual|sudden|sharp] rise in absences to the"
          + " [health office|authorities].",
      "The last major outbreak in the [region|county|area], in {year}, affected more than"
          + " {hundreds} people.",
      "Officials [stressed|emphasized|insisted] that the risk to the general public [remains"
          + "|is still] [low|limited] at this stage.",
      "[Hand washing|Washing hands] and staying home when sick remain the best ways to [limit"
          + "|slow|reduce] the spread.",
      "Hospitals have set aside [additional|extra] beds in case the number of cases [continues"
          + "|keeps] to rise.",
      "A [telephone hotline|help line|phone service] has been opened for residents with questions"
          + " about [symptoms|vaccines] and [treatment|testing].",
      "{person} said the situation would be [reviewed|assessed|evaluated] again at the end of the"
          + " [week|month]."
    },
    { // agriculture and weather
      "[Farmers|Growers] around {city} are counting the cost after {weather} [damaged|ruined|hit]"
          + " much of this year's {crop}.",
      "Some [growers|farmers|producers] say they have lost as much as {n} percent of their"
          + " [harvest|crop].",
      "{person}, who has farmed the same land for [decades|forty years|most of her life], said"
          + " she had never seen anything like it.",
      "The [regional|national|local] farmers union has asked the government for [emergency"
          + "|urgent] support and [tax relief|cheap loans|compensation].",
      "Prices for {crop} in [local|regional] markets have already [risen|gone up|climbed] by"
          + " about {m} percent.",
      "[Agricultural experts|Climate scientists|Agronomists] warn that such [extreme|severe"
          + "|unusual] events are becoming more [frequent|common].",
      "Insurance covers only part of the losses, and many small farms have no [coverage|policy]"
          + " at all.",
      "{agency} is sending inspectors to [assess|survey|inspect] the damage over the coming"
          + " [weeks|days].",
      "Some farmers are considering [switching to|planting] [hardier|more resistant] varieties"
          + " or installing [protective nets|frost fans|irrigation].",
      "Forecasters expect more [stable|settled|normal] conditions from the middle of {month}.",
      "A public meeting for [affected|struggling] growers will be held in {city} on {day}"
          + " evening.",
      "[Volunteers|Neighbors|Students] have offered to help bring in what remains of the harvest"
          + " before the next [storm|frost|rain]."
    },
    { // culture
      "{artist} from {city} has won this year's [regional|national] arts prize for a body of work"
          + " [exploring|about|examining] memory and place.",
      "The jury praised the work as [bold|brave|daring], [generous|warm|tender] and deeply rooted"
          + " in the local [landscape|history|community].",
      "An exhibition of the [winning|prize-winning|selected] pieces opens at the [municipal"
          + "|city|county] gallery on {day}.",
      "Meanwhile, {book} has become an [unexpected|surprise|unlikely] bestseller in [independent"
          + "|small|local] bookshops.",
      "The author, {person}, spent {n} years researching the book in [archives|libraries] and"
          + " [old newspapers|family letters|court records].",
      "Critics have compared the writing to [classic|great|celebrated] novels of the [early"
          + "|late] [twentieth|nineteenth] century.",
      "A festival [celebrating|showcasing|devoted to] local music and theater will take place over"
          + " [three|two|four] weekends in {month}.",
      "Organizers expect around {thousands} thousand visitors, many of them from [outside the"
          + " region|abroad|neighboring towns].",
      "Most events are free, although tickets are [required|needed] for the [evening"
          + "|late-night|main] concerts.",
      "The city has [increased|raised|boosted] its cultural budget this year for the first time"
          + " in a [decade|generation].",
      "Several venues have been [renovated|restored|refurbished], including a historic"
          + " [theater|cinema|concert hall] that had been closed since {year}.",
      "{person} said the goal was to make the arts part of [everyday|daily|ordinary] life in the"
          + " [region|city|valley]."
    }
  };

  private static final String[] SOURCES = {
    "riverton-courier.example",
    "dailyledger.example",
    "valleynews.example",
    "metro-herald.example",
    "thecoastpost.example",
    "northern-times.example",
    "citybeat.example",
    "wirefeed.example"
  };

  private static final Map<String, String[]> BOILERPLATE =
      Map.of(
          "riverton-courier.example",
          new String[] {
            "Riverton Courier | Local news you can trust.", "Subscribe for unlimited access."
          },
          "dailyledger.example",
          new String[] {"Daily Ledger - Home - News.", "Share this story. Comments are closed."},
          "valleynews.example",
          new String[] {"Valley News Online.", "Copyright Valley News. All rights reserved."},
          "metro-herald.example",
          new String[] {"Metro Herald: top stories.", "Read more from the Metro Herald."},
          "thecoastpost.example",
          new String[] {"The Coast Post.", "Sign up for our free weekly newsletter."},
          "northern-times.example",
          new String[] {"Northern Times | Updated today.", "Follow us for more updates."},
          "citybeat.example",
          new String[] {"CityBeat.", "Advertisement. Continue reading below."},
          "wirefeed.example",
          new String[] {"WireFeed syndicated content.", "Distributed by WireFeed."});

  private static final Pattern SLOT = Pattern.compile("\\{([a-z_]+?)(2?)\\}|\\[([^\\]]*)\\]");

  private final Random random;

  public SampleCorpus(long seed) {
    this.random = new Random(seed);
  }

  /**
   * Generates documents: {@code families} originals with one to four copies each and {@code
   * singles} originals without, shuffled, with ids {@code doc-0001}, ... in file order.
   */
  public List<Doc> generate(int families, int singles) {
    List<Doc> docs = new ArrayList<>();
    Kind[] copyKinds = {
      Kind.SYNDICATED,
      Kind.REFORMATTED,
      Kind.BOILERPLATE,
      Kind.LIGHT_EDIT,
      Kind.LIGHT_EDIT,
      Kind.HEAVY_EDIT,
      Kind.SENTENCE_ADDED,
      Kind.SENTENCE_DROPPED,
      Kind.TRUNCATED
    };
    for (int f = 0; f < families + singles; f++) {
      int topic = random.nextInt(TOPICS.length);
      List<String> sentences = article(topic, 6 + random.nextInt(5));
      LocalDate date = LocalDate.of(2023, 1, 1).plusDays(random.nextInt(700));
      String source = SOURCES[random.nextInt(SOURCES.length)];
      docs.add(doc(f, Kind.ORIGINAL, source, date, join(sentences)));
      if (f >= families) {
        continue;
      }
      int copies = 1 + random.nextInt(4);
      for (int c = 0; c < copies; c++) {
        Kind kind = copyKinds[random.nextInt(copyKinds.length)];
        String copySource = SOURCES[random.nextInt(SOURCES.length)];
        // copies mostly appear after the original, now and then the same day or a day before
        LocalDate copyDate = date.plusDays(random.nextInt(30) - 1);
        docs.add(doc(f, kind, copySource, copyDate, copy(kind, topic, sentences, copySource)));
      }
    }
    Collections.shuffle(docs, random);
    List<Doc> numbered = new ArrayList<>(docs.size());
    for (int i = 0; i < docs.size(); i++) {
      Doc d = docs.get(i);
      numbered.add(d.withId(String.format(Locale.ROOT, "doc-%04d", i + 1)));
    }
    return numbered;
  }

  private Doc doc(int family, Kind kind, String source, LocalDate date, String text) {
    long views = Math.round(Math.exp(4 + 5 * random.nextDouble()));
    return new Doc(null, family, kind, source, date.toString(), views, text);
  }

  private List<String> article(int topic, int count) {
    String[] templates = TOPICS[topic];
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < templates.length; i++) {
      order.add(i);
    }
    Collections.shuffle(order, random);
    List<Integer> chosen = new ArrayList<>(order.subList(0, Math.min(count, templates.length)));
    Collections.sort(chosen); // templates are in a sensible narrative order
    List<String> sentences = new ArrayList<>();
    for (int i : chosen) {
      sentences.add(fill(templates[i]));
    }
    return sentences;
  }

  private String fill(String template) {
    Matcher m = SLOT.matcher(template);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String v = m.group(1) != null ? value(m.group(1)) : pick(m.group(3).split("\\|"));
      m.appendReplacement(sb, Matcher.quoteReplacement(v));
    }
    m.appendTail(sb);
    String s = sb.toString();
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }

  private String value(String slot) {
    return switch (slot) {
      case "n" -> Integer.toString(2 + random.nextInt(18));
      case "m" -> Integer.toString(1 + random.nextInt(9));
      case "money" -> Integer.toString(3 + random.nextInt(480));
      case "price" -> Integer.toString(25 + random.nextInt(900));
      case "cents" -> Integer.toString(5 + random.nextInt(60));
      case "year" -> Integer.toString(1995 + random.nextInt(28));
      case "hundreds" -> Integer.toString(100 + random.nextInt(900));
      case "thousands" -> Integer.toString(2 + random.nextInt(60));
      default -> {
        String[] values = WORDS.get(slot);
        if (values == null) {
          throw new IllegalStateException("no words for slot " + slot);
        }
        yield values[random.nextInt(values.length)];
      }
    };
  }

  private String copy(Kind kind, int topic, List<String> sentences, String source) {
    return switch (kind) {
      case SYNDICATED -> join(sentences);
      case REFORMATTED -> Edits.reformat(join(sentences));
      case BOILERPLATE -> {
        String[] frame = BOILERPLATE.get(source);
        yield Edits.framed(frame[0], join(sentences), frame[1]);
      }
      case LIGHT_EDIT -> join(edit(sentences, 1 + random.nextInt(2)));
      case HEAVY_EDIT -> {
        List<String> edited = edit(sentences, 4 + random.nextInt(4));
        edited.set(random.nextInt(edited.size()), fill(pick(TOPICS[topic])));
        yield join(edited);
      }
      case SENTENCE_ADDED -> join(Edits.withSentenceAdded(sentences, fill(pick(TOPICS[topic]))));
      case SENTENCE_DROPPED -> join(Edits.withSentenceDropped(sentences, random));
      case TRUNCATED -> join(Edits.truncated(sentences)) + " [...]";
      case ORIGINAL -> throw new IllegalArgumentException("an original is no copy");
    };
  }

  private String pick(String[] values) {
    return values[random.nextInt(values.length)];
  }

  /** Replaces {@code count} words with a synonym, or misspells them ({@link Edits#replaceWord}). */
  private List<String> edit(List<String> sentences, int count) {
    List<String> out = new ArrayList<>(sentences);
    for (int e = 0; e < count; e++) {
      int s = random.nextInt(out.size());
      out.set(s, Edits.replaceWord(out.get(s), random));
    }
    return out;
  }

  private String join(List<String> sentences) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < sentences.size(); i++) {
      if (i > 0) {
        sb.append(i % 4 == 0 ? "\n\n" : " ");
      }
      sb.append(sentences.get(i));
    }
    return sb.toString();
  }

  /** The documents as JSONL: id, source, published, views, text. */
  public static String toJsonl(List<Doc> docs) throws JsonProcessingException {
    StringBuilder sb = new StringBuilder();
    for (Doc d : docs) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", d.id());
      m.put("source", d.source());
      m.put("published", d.published());
      m.put("views", d.views());
      m.put("text", d.text());
      sb.append(JSON.writeValueAsString(m)).append('\n');
    }
    return sb.toString();
  }

  /**
   * The exact Jaccard similarity of the default analysis's shingle sets for every pair at or above
   * {@code floor}, sorted by id.
   */
  public static List<ExactTruth.Pair> truth(List<Doc> docs, double floor) {
    Function<String, long[]> shingler = ExactTruth.shingler(NearDupSettings.DEFAULT);
    List<String> ids = new ArrayList<>(docs.size());
    long[][] sets = new long[docs.size()][];
    for (int i = 0; i < sets.length; i++) {
      ids.add(docs.get(i).id());
      sets[i] = shingler.apply(docs.get(i).text());
    }
    return ExactTruth.allPairs(ids, sets, floor);
  }

  private static List<Doc> committed;

  /** The committed sample: 70 families and 190 single articles. */
  public static synchronized List<Doc> committed() {
    if (committed == null) {
      committed = List.copyOf(new SampleCorpus(SEED).generate(70, 190));
    }
    return committed;
  }

  /** Writes the committed sample files into {@code dir}. */
  public static void write(Path dir) throws IOException {
    List<Doc> docs = committed();
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("corpus.jsonl"), toJsonl(docs), StandardCharsets.UTF_8);
    StringWriter truth = new StringWriter();
    ExactTruth.write(truth, truth(docs, TRUTH_FLOOR));
    Files.writeString(dir.resolve("truth.tsv"), truth.toString(), StandardCharsets.UTF_8);
  }
}
