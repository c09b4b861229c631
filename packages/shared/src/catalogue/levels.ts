/**
 * The certification catalogue: 10 levels of 10 themed sub-levels each (spec §3 Level catalogue).
 * Level 1 is for the youngest learners; difficulty rises to Level 10 for Classes 10 to 12.
 */
export interface SubLevel {
  id: string;
  name: string;
}

export interface Level {
  id: number;
  name: string;
  /** The grade band the level is written for (informational: levels are climbed in order by everyone). */
  gradeBand: string;
  subLevels: SubLevel[];
}

const themes: Array<{ gradeBand: string; names: string[] }> = [
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
  },
];

export const LEVELS: readonly Level[] = themes.map((theme, index) => {
  const id = index + 1;
  return {
    id,
    name: `Level ${id}`,
    gradeBand: theme.gradeBand,
    subLevels: theme.names.map((name, subIndex) => ({ id: `L${id}-C${subIndex + 1}`, name })),
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
