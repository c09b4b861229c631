/**
 * The certification catalogue: 10 levels of 10 themed sub-levels each (spec §3 Level catalogue).
 * Level 1 is for the youngest learners; difficulty rises to Level 10 for Classes 10 to 12.
 */
export interface SubLevel {
  id: string;
  name: string;
  /** The name in Hindi, for Hindi-speaking learners (issue 18): child-friendly, not word for word. */
  hindiName?: string;
}

export interface Level {
  id: number;
  name: string;
  /** 'लेवल 1': the name in Hindi (issue 18). */
  hindiName?: string;
  /** The grade band the level is written for (informational: levels are climbed in order by everyone). */
  gradeBand: string;
  subLevels: SubLevel[];
}

const themes: Array<{ gradeBand: string; names: string[]; hindiNames: string[] }> = [
  {
    gradeBand: 'Nursery to Sr. Kg',
    names: [
      'Alphabet Adventurer',
      'Number Ninja',
      'Color Explorer',
      'Shape Shifter',
      'Animal Expert',
      'Sound Sleuth',
      'Pattern Detective',
      'Story Starter',
      'Nature Navigator',
      'Kindness Champion',
    ],
    hindiNames: [
      'अक्षर खोजी',
      'गिनती उस्ताद',
      'रंग खोजी',
      'आकार जादूगर',
      'पशु-पक्षी जानकार',
      'ध्वनि जासूस',
      'पैटर्न जासूस',
      'कहानी बुनकर',
      'प्रकृति मित्र',
      'दयालुता सितारा',
    ],
  },
  {
    gradeBand: 'Classes 1 and 2',
    names: [
      'Word Wizard',
      'Counting Captain',
      'Body Buddy',
      'Family Friend',
      'Plant Pal',
      'Time Teller',
      'Money Master',
      'Festival Finder',
      'Safety Star',
      'Rhyme Ranger',
    ],
    hindiNames: [
      'शब्द जादूगर',
      'गिनती कप्तान',
      'शरीर साथी',
      'परिवार मित्र',
      'पौधा मित्र',
      'समय ज्ञानी',
      'पैसा उस्ताद',
      'त्योहार खोजी',
      'सुरक्षा सितारा',
      'तुकबंदी उस्ताद',
    ],
  },
  {
    gradeBand: 'Classes 2 and 3',
    names: [
      'Spelling Sprinter',
      'Addition Ace',
      'Weather Watcher',
      'Map Maker',
      'Healthy Hero',
      'Grammar Guardian',
      'Measurement Maestro',
      'Water Wise',
      'Community Helper',
      'Puzzle Pro',
    ],
    hindiNames: [
      'वर्तनी धावक',
      'जोड़ चैंपियन',
      'मौसम पहरेदार',
      'नक्शा कारीगर',
      'सेहतमंद हीरो',
      'व्याकरण रक्षक',
      'माप उस्ताद',
      'जल ज्ञानी',
      'समाज सहायक',
      'पहेली उस्ताद',
    ],
  },
  {
    gradeBand: 'Classes 3 and 4',
    names: [
      'Multiplication Maverick',
      'Sentence Builder',
      'Solar System Scout',
      'India Explorer',
      'Food Chain Finder',
      'Fraction Friend',
      'Inventor Apprentice',
      'Eco Warrior',
      'Reading Ranger',
      'Logic Learner',
    ],
    hindiNames: [
      'गुणा धुरंधर',
      'वाक्य कारीगर',
      'सौरमंडल खोजी',
      'भारत खोजी',
      'खाद्य शृंखला खोजी',
      'भिन्न मित्र',
      'उभरते आविष्कारक',
      'पर्यावरण योद्धा',
      'पढ़ने के शौकीन',
      'तर्क साधक',
    ],
  },
  {
    gradeBand: 'Classes 4 and 5',
    names: [
      'Division Dynamo',
      'Vocabulary Voyager',
      'Human Body Hero',
      'History Hunter',
      'Geometry Guru',
      'Matter Master',
      'Monument Mapper',
      'Data Detective',
      'Computer Cadet',
      'Civic Champion',
    ],
    hindiNames: [
      'भाग धुरंधर',
      'शब्द-भंडार यात्री',
      'मानव शरीर नायक',
      'इतिहास खोजी',
      'ज्यामिति गुरु',
      'पदार्थ उस्ताद',
      'स्मारक सैलानी',
      'आँकड़ा जासूस',
      'कंप्यूटर कैडेट',
      'नागरिकता चैंपियन',
    ],
  },
  {
    gradeBand: 'Class 6',
    names: [
      'Integer Investigator',
      'Light Seeker',
      'Ancient India Scholar',
      'Ratio Ranger',
      'Magnet Master',
      'Globe Trotter',
      'Grammar Gladiator',
      'Fabric Finder',
      'Algorithm Apprentice',
      'Democracy Defender',
    ],
    hindiNames: [
      'पूर्णांक जासूस',
      'प्रकाश खोजी',
      'प्राचीन भारत विद्वान',
      'अनुपात उस्ताद',
      'चुंबक उस्ताद',
      'विश्व यात्री',
      'व्याकरण योद्धा',
      'वस्त्र खोजी',
      'एल्गोरिदम शिष्य',
      'लोकतंत्र रक्षक',
    ],
  },
  {
    gradeBand: 'Class 7',
    names: [
      'Algebra Adventurer',
      'Heat Hunter',
      'Medieval Historian',
      'Percentage Pro',
      'Acid Base Analyst',
      'Climate Conqueror',
      'Literature Lover',
      'Motion Mechanic',
      'Internet Safety Sentinel',
      'Triangle Tactician',
    ],
    hindiNames: [
      'बीजगणित साहसी',
      'ऊष्मा खोजी',
      'मध्यकालीन इतिहासकार',
      'प्रतिशत उस्ताद',
      'अम्ल-क्षार विश्लेषक',
      'जलवायु विजेता',
      'साहित्य प्रेमी',
      'गति कारीगर',
      'इंटरनेट सुरक्षा प्रहरी',
      'त्रिभुज रणनीतिकार',
    ],
  },
  {
    gradeBand: 'Class 8',
    names: [
      'Exponent Expert',
      'Cell Scientist',
      'Force Physicist',
      'Freedom Struggle Scholar',
      'Mensuration Master',
      'Microbe Magician',
      'Debate Dynamo',
      'Chemical Change Chemist',
      'Spreadsheet Specialist',
      'Resource Ranger',
    ],
    hindiNames: [
      'घातांक विशेषज्ञ',
      'कोशिका वैज्ञानिक',
      'बल भौतिकविद्',
      'स्वतंत्रता संग्राम विद्वान',
      'क्षेत्रमिति उस्ताद',
      'सूक्ष्मजीव जादूगर',
      'वाद-विवाद धुरंधर',
      'रासायनिक बदलाव विशेषज्ञ',
      'स्प्रेडशीट विशेषज्ञ',
      'संसाधन रक्षक',
    ],
  },
  {
    gradeBand: 'Class 9',
    names: [
      'Polynomial Pioneer',
      'Atom Architect',
      'Gravity Guru',
      'Economics Explorer',
      'Coordinate Commander',
      'Tissue Tracker',
      'Essay Expert',
      'Sound Wave Surfer',
      'Python Programmer',
      'Disaster Defender',
    ],
    hindiNames: [
      'बहुपद अग्रदूत',
      'परमाणु वास्तुकार',
      'गुरुत्वाकर्षण गुरु',
      'अर्थशास्त्र खोजी',
      'निर्देशांक सेनापति',
      'ऊतक खोजी',
      'निबंध विशेषज्ञ',
      'ध्वनि तरंग सवार',
      'पाइथन प्रोग्रामर',
      'आपदा रक्षक',
    ],
  },
  {
    gradeBand: 'Classes 10 to 12',
    names: [
      'Trigonometry Titan',
      'Reaction Researcher',
      'Electricity Engineer',
      'Heredity Hunter',
      'Calculus Challenger',
      'Optics Oracle',
      'Statistics Strategist',
      'Global Affairs Analyst',
      'Money Smart Leader',
      'Next Gen Genius',
    ],
    hindiNames: [
      'त्रिकोणमिति महारथी',
      'अभिक्रिया शोधकर्ता',
      'बिजली इंजीनियर',
      'आनुवंशिकता खोजी',
      'कलन योद्धा',
      'प्रकाशिकी ज्ञानी',
      'सांख्यिकी रणनीतिकार',
      'वैश्विक मामलों के विश्लेषक',
      'पैसों का समझदार नेता',
      'नई पीढ़ी की प्रतिभा',
    ],
  },
];

export const LEVELS: readonly Level[] = themes.map((theme, index) => {
  const id = index + 1;
  return {
    id,
    name: `Level ${id}`,
    hindiName: `लेवल ${id}`,
    gradeBand: theme.gradeBand,
    subLevels: theme.names.map((name, subIndex) => ({
      id: `L${id}-C${subIndex + 1}`,
      name,
      hindiName: theme.hindiNames[subIndex],
    })),
  };
});

export const LEVEL_COUNT = 10;
export const SUB_LEVELS_PER_LEVEL = 10;

export function findLevel(levelId: number): Level | undefined {
  return LEVELS.find((level) => level.id === levelId);
}

export function findSubLevel(subLevelId: string): (SubLevel & { level: number }) | undefined {
  for (const level of LEVELS) {
    const subLevel = level.subLevels.find((candidate) => candidate.id === subLevelId);
    if (subLevel) return { ...subLevel, level: level.id };
  }
  return undefined;
}
