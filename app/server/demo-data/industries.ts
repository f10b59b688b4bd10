/**
 * Real Crunchbase industries and the industry groups Crunchbase files them under, so that the
 * industry and industry-group filters of the demo behave as they would on imported data.
 *
 * Every industry belongs to one theme: a company's industries are drawn from a single theme, so
 * that any two industries of one company read as plausible together ("Payments" and "Banking",
 * never "FinTech" and "Life Science"). Its description is written from those same industries.
 */
export interface DemoIndustry {
  /** Crunchbase industry name, spelled as Crunchbase does. */
  name: string;
  /** Crunchbase industry groups of this industry (one or more). */
  groups: readonly string[];
  /** Relative frequency among venture-funded startups (AI and SaaS lead, niches trail). */
  weight: number;
  /** The theme whose industries a company of this industry may also carry. */
  theme: DemoTheme;
  /** What the company sells, which decides the cross-cutting tags and name descriptors that fit it. */
  kind: OfferingKind;
  /**
   * What such a company makes, for descriptions: "<Name> builds <offering> for <audience>". Plural or
   * mass nouns without an article, so "builds", "offers" and "its <offering>" all read well; every
   * offering of an industry fits every audience of it.
   */
  offerings: readonly string[];
  /** Who buys it (or, for drug developers, who it treats). */
  audiences: readonly string[];
  /**
   * The industry as a noun mid-sentence ("focuses on medical devices for hospitals"), where the name
   * reads as an adjective ("Medical Device"). Absent when the lower-cased name reads as a noun.
   */
  topic?: string;
}

/**
 * - software: business software and developer tools (SaaS, AI and "Software" tags fit);
 * - app: consumer or end-user digital services (AI, "Software" and "Mobile Apps" fit);
 * - service: services run with software (only an AI tag fits);
 * - product: physical goods, devices and infrastructure (no software tag fits);
 * - research: drug development (an AI tag fits: AI drug discovery).
 */
export type OfferingKind = "software" | "app" | "service" | "product" | "research";

/** Themes: tight enough that every pair of industries within one reads as plausible for one company. */
export const DEMO_THEMES = {
  ai: "AI and machine learning",
  data: "Data and analytics",
  "business-software": "Business software and IT",
  developer: "Developer tools and cloud",
  security: "Security and privacy",
  legal: "Legal and compliance",
  fintech: "Banking, payments and finance",
  insurance: "Insurance",
  crypto: "Crypto and Web3",
  health: "Health care",
  biotech: "Biotech and pharma",
  fitness: "Fitness, wellness and sports",
  commerce: "Commerce and retail",
  food: "Food and beverage",
  social: "Consumer social and apps",
  education: "Education",
  work: "HR and recruiting",
  marketing: "Sales and marketing",
  devices: "Hardware and devices",
  semiconductors: "Semiconductors and computing",
  manufacturing: "Robotics and manufacturing",
  aerospace: "Aerospace and drones",
  mobility: "Vehicles and mobility",
  logistics: "Logistics and supply chain",
  energy: "Energy",
  climate: "Climate and sustainability",
  agriculture: "Agriculture",
  "real-estate": "Real estate and construction",
  government: "Government",
  travel: "Travel, hospitality and events",
  media: "Media and entertainment",
  gaming: "Gaming",
  telecom: "Telecommunications",
} as const;
export type DemoTheme = keyof typeof DEMO_THEMES;

/**
 * Tags that fit a company of any theme, by what it sells: an AI-driven insurer, a SaaS hospitality
 * tool. A company gets at most one, never in its description, and only where it cannot contradict it
 * (no "SaaS" on a battery maker, no "Mobile Apps" on a drug developer).
 */
export const CROSS_CUTTING_TAGS: Readonly<Record<OfferingKind, readonly string[]>> = {
  software: ["Artificial Intelligence (AI)", "SaaS", "Software"],
  app: ["Artificial Intelligence (AI)", "Software", "Mobile Apps"],
  service: ["Artificial Intelligence (AI)"],
  product: [],
  research: ["Artificial Intelligence (AI)"],
};

// Group names as Crunchbase spells them; constants keep the many references typo-free.
const AI = "Artificial Intelligence (AI)";
const SOFTWARE = "Software";
const IT = "Information Technology";
const INTERNET = "Internet Services";
const DATA = "Data and Analytics";
const SCIENCE = "Science and Engineering";
const FINANCE = "Financial Services";
const LENDING = "Lending and Investments";
const PAYMENTS = "Payments";
const HEALTH = "Health Care";
const BIOTECH = "Biotechnology";
const SECURITY = "Privacy and Security";
const COMMERCE = "Commerce and Shopping";
const CONSUMER_GOODS = "Consumer Goods";
const FOOD = "Food and Beverage";
const EDUCATION = "Education";
const SALES = "Sales and Marketing";
const ADVERTISING = "Advertising";
const PROFESSIONAL = "Professional Services";
const ADMIN = "Administrative Services";
const HARDWARE = "Hardware";
const ELECTRONICS = "Consumer Electronics";
const MANUFACTURING = "Manufacturing";
const TRANSPORTATION = "Transportation";
const ENERGY = "Energy";
const SUSTAINABILITY = "Sustainability";
const NATURAL_RESOURCES = "Natural Resources";
const AGRICULTURE = "Agriculture and Farming";
const REAL_ESTATE = "Real Estate";
const GOVERNMENT = "Government and Military";
const TRAVEL = "Travel and Tourism";
const MEDIA = "Media and Entertainment";
const CONTENT = "Content and Publishing";
const GAMING = "Gaming";
const MUSIC = "Music and Audio";
const VIDEO = "Video";
const COMMUNITY = "Community and Lifestyle";
const MESSAGING = "Messaging and Telecommunications";
const MOBILE = "Mobile";
const APPS = "Apps";
const PLATFORMS = "Platforms";
const SPORTS = "Sports";
const EVENTS = "Events";
const DESIGN = "Design";
const NAVIGATION = "Navigation and Mapping";

type IndustryOfTheme = (
  name: string,
  groups: readonly string[],
  weight: number,
  kind: OfferingKind,
  offerings: readonly string[],
  audiences: readonly string[],
  topic?: string,
) => DemoIndustry;

function inTheme(theme: DemoTheme): IndustryOfTheme {
  return (name, groups, weight, kind, offerings, audiences, topic) => ({
    name,
    groups,
    weight,
    theme,
    kind,
    offerings,
    audiences,
    ...(topic === undefined ? {} : { topic }),
  });
}

const ai = inTheme("ai");
const data = inTheme("data");
const business = inTheme("business-software");
const developer = inTheme("developer");
const security = inTheme("security");
const legal = inTheme("legal");
const fintech = inTheme("fintech");
const insurance = inTheme("insurance");
const crypto = inTheme("crypto");
const health = inTheme("health");
const biotech = inTheme("biotech");
const fitness = inTheme("fitness");
const commerce = inTheme("commerce");
const food = inTheme("food");
const social = inTheme("social");
const education = inTheme("education");
const work = inTheme("work");
const marketing = inTheme("marketing");
const devices = inTheme("devices");
const semiconductors = inTheme("semiconductors");
const manufacturing = inTheme("manufacturing");
const aerospace = inTheme("aerospace");
const mobility = inTheme("mobility");
const logistics = inTheme("logistics");
const energy = inTheme("energy");
const climate = inTheme("climate");
const agriculture = inTheme("agriculture");
const realEstate = inTheme("real-estate");
const government = inTheme("government");
const travel = inTheme("travel");
const media = inTheme("media");
const gaming = inTheme("gaming");
const telecom = inTheme("telecom");

export const DEMO_INDUSTRIES: readonly DemoIndustry[] = [
  // AI and machine learning
  ai(
    "Artificial Intelligence (AI)",
    [AI, DATA, SCIENCE, SOFTWARE],
    10,
    "software",
    ["AI agents", "AI assistants", "AI automation software"],
    ["operations teams", "customer support teams", "finance teams"],
  ),
  ai(
    "Machine Learning",
    [AI, DATA, SOFTWARE],
    6,
    "software",
    ["machine-learning tools", "ML training infrastructure", "model monitoring software"],
    ["data teams", "ML engineers", "research labs"],
  ),
  ai(
    "Generative AI",
    [AI, DATA, SCIENCE, SOFTWARE],
    5,
    "software",
    ["generative AI models", "AI content tools", "foundation models"],
    ["enterprises", "marketing teams", "product teams"],
  ),
  ai(
    "Natural Language Processing",
    [AI, DATA, SOFTWARE],
    1.5,
    "software",
    ["language models", "speech recognition software", "document understanding tools"],
    ["support teams", "contact centers", "legal teams"],
  ),
  ai(
    "Computer Vision",
    [AI, DATA, HARDWARE, SOFTWARE],
    1.5,
    "software",
    ["computer vision systems", "visual inspection software", "camera-based analytics"],
    ["manufacturers", "retailers", "warehouse operators"],
  ),
  ai(
    "Intelligent Systems",
    [AI, DATA, SCIENCE],
    0.8,
    "software",
    ["autonomous decision systems", "AI control systems"],
    ["industrial operators", "utilities"],
  ),
  ai(
    "Predictive Analytics",
    [AI, DATA, SOFTWARE],
    1,
    "software",
    ["forecasting software", "demand prediction models"],
    ["finance teams", "retailers", "supply chain planners"],
  ),
  // Data and analytics
  data(
    "Analytics",
    [DATA],
    2.5,
    "software",
    ["analytics software", "product analytics", "self-serve analytics tools"],
    ["product teams", "growth teams", "analysts"],
  ),
  data(
    "Big Data",
    [DATA],
    1,
    "software",
    ["data platforms", "data lakehouse software"],
    ["data engineers", "large enterprises"],
  ),
  data(
    "Business Intelligence",
    [DATA],
    1,
    "software",
    ["business intelligence dashboards", "reporting software"],
    ["executives", "finance teams", "operations leaders"],
  ),
  data(
    "Data Integration",
    [DATA, IT, SOFTWARE],
    0.6,
    "software",
    ["data pipelines", "data integration tools"],
    ["analytics engineers", "data teams"],
  ),
  data(
    "Database",
    [DATA, SOFTWARE],
    0.5,
    "software",
    ["databases", "managed database services"],
    ["developers", "platform teams"],
    "databases",
  ),
  data(
    "Data Visualization",
    [DATA, DESIGN],
    0.3,
    "software",
    ["data visualization tools", "interactive charting software"],
    ["analysts", "newsrooms"],
  ),
  // Business software and IT
  business(
    "SaaS",
    [SOFTWARE],
    9,
    "software",
    ["cloud software", "subscription software", "workflow software"],
    ["mid-market companies", "small businesses", "operations teams"],
  ),
  business(
    "Software",
    [SOFTWARE],
    8,
    "software",
    ["business software", "workflow automation software", "back-office software"],
    ["growing companies", "small businesses", "service businesses"],
  ),
  business(
    "Enterprise Software",
    [SOFTWARE],
    4,
    "software",
    ["enterprise workflow software", "enterprise resource planning software", "internal tools"],
    ["large enterprises", "global companies", "IT leaders"],
  ),
  business(
    "Information Technology",
    [IT],
    3,
    "software",
    ["IT management software", "IT service desks", "device management tools"],
    ["IT departments", "managed service providers"],
  ),
  business(
    "Productivity Tools",
    [SOFTWARE],
    1,
    "app",
    ["productivity apps", "note-taking software", "scheduling tools"],
    ["knowledge workers", "busy professionals"],
  ),
  business(
    "Collaboration",
    [SOFTWARE],
    0.8,
    "software",
    ["collaboration software", "team messaging", "shared workspaces"],
    ["remote teams", "distributed companies"],
  ),
  business(
    "Project Management",
    [PROFESSIONAL, SOFTWARE],
    0.6,
    "software",
    ["project management software", "planning tools"],
    ["project teams", "agencies"],
  ),
  business(
    "Document Management",
    [IT, SOFTWARE],
    0.4,
    "software",
    ["document automation", "contract management software"],
    ["legal and finance teams", "operations teams"],
  ),
  // Developer tools and cloud
  developer(
    "Developer Tools",
    [SOFTWARE],
    2.5,
    "software",
    ["developer tools", "code review software", "testing tools"],
    ["software engineers", "engineering teams"],
  ),
  developer(
    "Developer APIs",
    [SOFTWARE],
    1,
    "software",
    ["APIs", "developer APIs"],
    ["product engineers", "startups"],
  ),
  developer(
    "Open Source",
    [SOFTWARE],
    0.8,
    "software",
    ["open-source infrastructure", "open-source developer tools"],
    ["engineering teams", "developers"],
    "open-source software",
  ),
  developer(
    "Cloud Computing",
    [IT, INTERNET, SOFTWARE],
    2,
    "software",
    ["cloud platforms", "serverless computing", "cloud cost tools"],
    ["IT teams", "software companies"],
  ),
  developer(
    "Cloud Infrastructure",
    [IT, INTERNET],
    1,
    "software",
    ["cloud infrastructure", "GPU cloud capacity", "edge computing"],
    ["platform engineers", "AI startups"],
  ),
  developer(
    "Platforms",
    [PLATFORMS],
    0.3,
    "software",
    ["platform services", "internal developer platforms"],
    ["developers", "engineering leaders"],
    "developer platforms",
  ),
  // Security and privacy
  security(
    "Cyber Security",
    [IT, SECURITY],
    3,
    "software",
    ["security software", "threat detection", "cloud security tools"],
    ["security teams", "mid-market companies", "banks"],
  ),
  security(
    "Network Security",
    [IT, SECURITY],
    0.8,
    "software",
    ["network security tools", "zero-trust networking", "firewall software"],
    ["IT teams", "distributed companies"],
  ),
  security(
    "Identity Management",
    [IT, SECURITY],
    0.5,
    "software",
    ["identity and access tools", "passwordless login"],
    ["IT administrators", "app developers"],
  ),
  security(
    "Fraud Detection",
    [FINANCE, PAYMENTS, SECURITY],
    0.5,
    "software",
    ["fraud detection", "fraud prevention software"],
    ["online merchants", "banks", "fintechs"],
  ),
  security(
    "Privacy",
    [SECURITY],
    0.3,
    "software",
    ["privacy compliance tools", "consent management"],
    ["legal teams", "data protection officers"],
  ),
  // Legal and compliance
  legal(
    "Compliance",
    [GOVERNMENT, PROFESSIONAL],
    0.6,
    "software",
    ["compliance automation", "regulatory reporting tools"],
    ["regulated companies", "banks", "compliance teams"],
  ),
  legal(
    "Legal",
    [PROFESSIONAL],
    0.5,
    "service",
    ["tech-enabled legal services", "online legal help"],
    ["startups", "small businesses", "families"],
    "legal services",
  ),
  legal(
    "Legal Tech",
    [PROFESSIONAL, SOFTWARE],
    0.5,
    "software",
    ["legal software", "contract review tools", "e-discovery software"],
    ["in-house counsel", "law firms"],
  ),
  // Banking, payments and finance
  fintech(
    "FinTech",
    [FINANCE],
    6,
    "software",
    ["financial software", "cash flow tools", "spend management software"],
    ["small businesses", "finance teams", "startups"],
  ),
  fintech(
    "Financial Services",
    [FINANCE],
    4,
    "service",
    ["financial products", "savings accounts", "credit cards"],
    ["consumers", "families", "young professionals"],
  ),
  fintech(
    "Payments",
    [FINANCE, PAYMENTS],
    2,
    "software",
    ["payments infrastructure", "checkout software", "cross-border payments"],
    ["online merchants", "marketplaces", "SaaS platforms"],
  ),
  fintech(
    "Banking",
    [FINANCE, LENDING, PAYMENTS],
    1,
    "app",
    ["digital banking", "business bank accounts"],
    ["freelancers", "small businesses"],
  ),
  fintech(
    "Lending",
    [FINANCE, LENDING],
    1,
    "service",
    ["lending products", "revenue-based financing", "working capital loans"],
    ["small businesses", "e-commerce brands"],
  ),
  fintech(
    "Wealth Management",
    [FINANCE, LENDING],
    0.6,
    "software",
    ["wealth management tools", "portfolio software"],
    ["financial advisors", "family offices"],
  ),
  fintech(
    "Personal Finance",
    [FINANCE],
    0.5,
    "app",
    ["personal finance apps", "budgeting tools"],
    ["young professionals", "households"],
  ),
  fintech(
    "Accounting",
    [FINANCE, PROFESSIONAL, SOFTWARE],
    0.8,
    "software",
    ["accounting software", "bookkeeping automation"],
    ["finance teams", "accounting firms", "small businesses"],
  ),
  // Insurance
  insurance(
    "Insurance",
    [FINANCE],
    1,
    "service",
    ["insurance products", "embedded insurance", "usage-based insurance"],
    ["households", "small businesses"],
  ),
  insurance(
    "InsurTech",
    [FINANCE],
    1,
    "software",
    ["insurance software", "claims automation", "underwriting tools"],
    ["insurers", "insurance brokers"],
  ),
  // Crypto and Web3
  crypto(
    "Cryptocurrency",
    [FINANCE, PAYMENTS, SOFTWARE],
    1.5,
    "app",
    ["crypto trading tools", "crypto wallets", "crypto custody"],
    ["investors", "crypto traders"],
  ),
  crypto(
    "Blockchain",
    [DATA, FINANCE, SOFTWARE],
    1.5,
    "software",
    ["blockchain infrastructure", "tokenization software", "blockchain analytics"],
    ["developers", "financial institutions"],
  ),
  crypto(
    "Web3",
    [SOFTWARE],
    0.8,
    "software",
    ["Web3 tooling", "smart contract tools"],
    ["developers", "Web3 startups"],
  ),
  // Health care
  health(
    "Health Care",
    [HEALTH],
    6,
    "software",
    ["care delivery software", "patient engagement tools", "care coordination software"],
    ["health systems", "clinics", "home care agencies"],
  ),
  health(
    "Medical",
    [HEALTH],
    2,
    "software",
    ["clinical tools", "clinical decision support", "medical imaging software"],
    ["physicians", "hospitals", "radiologists"],
    "medical technology",
  ),
  health(
    "Medical Device",
    [HEALTH],
    1.5,
    "product",
    ["medical devices", "wearable monitors", "surgical instruments"],
    ["hospitals", "clinics"],
    "medical devices",
  ),
  health(
    "Health Diagnostics",
    [HEALTH],
    1,
    "product",
    ["diagnostic tests", "at-home test kits", "rapid diagnostics"],
    ["clinicians", "primary care practices"],
    "diagnostics",
  ),
  health(
    "Mental Health",
    [HEALTH],
    0.8,
    "app",
    ["mental health programs", "therapy apps", "digital therapy"],
    ["employers", "health plans", "young adults"],
  ),
  health(
    "Telehealth",
    [HEALTH],
    0.7,
    "app",
    ["virtual care", "remote patient monitoring", "online doctor visits"],
    ["patients", "health plans"],
  ),
  // Biotech and pharma
  biotech(
    "Biotechnology",
    [BIOTECH, SCIENCE],
    4,
    "research",
    ["novel therapeutics", "cell therapies", "protein drugs"],
    ["patients with unmet needs", "patients with rare diseases", "cancer patients"],
  ),
  biotech(
    "Pharmaceutical",
    [HEALTH],
    1,
    "research",
    ["drug candidates", "small-molecule drugs"],
    ["patients", "patients with chronic diseases"],
    "drug development",
  ),
  biotech(
    "Life Science",
    [BIOTECH, SCIENCE],
    1,
    "product",
    ["lab tools", "lab automation", "research reagents"],
    ["life-science researchers", "biotech labs", "pharma R&D teams"],
    "life sciences",
  ),
  biotech(
    "Genetics",
    [BIOTECH, HEALTH, SCIENCE],
    0.5,
    "product",
    ["genomic tests", "gene sequencing services"],
    ["clinicians", "genetic counselors"],
  ),
  biotech(
    "Therapeutics",
    [HEALTH],
    1,
    "research",
    ["precision therapies", "targeted therapies", "RNA medicines"],
    ["patients", "cancer patients", "patients with autoimmune diseases"],
  ),
  biotech(
    "Clinical Trials",
    [HEALTH],
    0.4,
    "software",
    ["clinical trial software", "patient recruitment tools"],
    ["drug developers", "research sites"],
  ),
  // Fitness, wellness and sports
  fitness(
    "Wellness",
    [HEALTH, SPORTS],
    0.8,
    "app",
    ["wellness apps", "sleep coaching", "meditation apps"],
    ["consumers", "employers"],
  ),
  fitness(
    "Fitness",
    [HEALTH, SPORTS],
    0.6,
    "app",
    ["fitness programs", "workout apps", "personal training apps"],
    ["gyms and athletes", "gym members", "runners"],
  ),
  fitness(
    "Sports",
    [SPORTS],
    0.4,
    "software",
    ["sports analytics", "athlete tracking software", "fan engagement tools"],
    ["teams and leagues", "sports clubs"],
  ),
  // Commerce and retail
  commerce(
    "E-Commerce",
    [COMMERCE],
    3,
    "software",
    ["online storefronts", "e-commerce software", "subscription commerce tools"],
    ["direct-to-consumer brands", "online retailers"],
  ),
  commerce(
    "Retail",
    [COMMERCE],
    1.5,
    "software",
    ["retail software", "point-of-sale systems", "inventory tools"],
    ["store operators", "independent retailers"],
  ),
  commerce(
    "Marketplace",
    [COMMERCE],
    1.5,
    "app",
    ["online marketplaces", "B2B marketplaces", "resale marketplaces"],
    ["independent sellers", "small merchants"],
    "online marketplaces",
  ),
  commerce(
    "Consumer Goods",
    [CONSUMER_GOODS],
    1,
    "product",
    ["consumer products", "personal care products", "home goods"],
    ["shoppers", "families"],
  ),
  commerce(
    "Fashion",
    [COMMERCE, DESIGN],
    0.6,
    "product",
    ["fashion brands", "sustainable apparel", "everyday apparel"],
    ["shoppers", "style-conscious shoppers"],
  ),
  commerce(
    "Pet",
    [COMMUNITY],
    0.3,
    "product",
    ["pet care products", "pet food", "pet health products"],
    ["pet owners", "dog owners"],
    "pet care",
  ),
  // Food and beverage
  food(
    "Food and Beverage",
    [FOOD],
    1,
    "product",
    ["food products", "plant-based foods", "functional beverages"],
    ["grocery shoppers", "health-conscious consumers"],
  ),
  food(
    "Food Delivery",
    [FOOD, TRANSPORTATION],
    0.5,
    "app",
    ["food delivery", "last-mile food delivery"],
    ["restaurants", "grocers"],
  ),
  food(
    "Restaurants",
    [FOOD],
    0.4,
    "software",
    ["restaurant software", "online ordering tools", "kitchen management software"],
    ["restaurant owners", "restaurant groups"],
    "restaurant technology",
  ),
  food(
    "Grocery",
    [FOOD],
    0.3,
    "app",
    ["grocery delivery", "online grocery"],
    ["households", "busy families"],
  ),
  // Consumer social and apps
  social(
    "Social Media",
    [INTERNET, MEDIA],
    0.8,
    "app",
    ["social apps", "social video apps"],
    ["creators", "Gen Z users"],
  ),
  social(
    "Social Network",
    [INTERNET, MEDIA],
    0.4,
    "app",
    ["community platforms", "private social networks"],
    ["online communities", "alumni groups"],
    "social networking",
  ),
  social(
    "Dating",
    [COMMUNITY],
    0.2,
    "app",
    ["dating apps", "matchmaking services"],
    ["singles", "young professionals"],
  ),
  social(
    "Mobile Apps",
    [APPS, MOBILE, SOFTWARE],
    1.2,
    "app",
    ["mobile apps", "consumer apps", "lifestyle apps"],
    ["consumers", "smartphone users"],
  ),
  // Education
  education(
    "Education",
    [EDUCATION],
    2,
    "app",
    ["learning platforms", "tutoring services", "test prep"],
    ["students", "high school students"],
  ),
  education(
    "EdTech",
    [EDUCATION, SOFTWARE],
    1.5,
    "software",
    ["education software", "classroom tools", "school management software"],
    ["schools", "school districts"],
  ),
  education(
    "E-Learning",
    [EDUCATION, SOFTWARE],
    1,
    "app",
    ["online courses", "corporate training", "language courses"],
    ["working adults", "career changers"],
  ),
  // HR and recruiting
  work(
    "Human Resources",
    [ADMIN, PROFESSIONAL],
    1.5,
    "software",
    ["HR software", "payroll software", "benefits platforms"],
    ["people teams", "small businesses"],
  ),
  work(
    "Recruiting",
    [ADMIN, PROFESSIONAL],
    0.8,
    "software",
    ["recruiting tools", "applicant tracking software", "technical hiring tools"],
    ["hiring managers", "recruiters"],
  ),
  work(
    "Employment",
    [ADMIN],
    0.5,
    "app",
    ["staffing platforms", "shift scheduling apps"],
    ["hourly workers", "gig workers"],
  ),
  // Sales and marketing
  marketing(
    "Marketing",
    [SALES],
    2,
    "software",
    ["marketing software", "campaign tools", "email marketing software"],
    ["marketers", "small businesses"],
  ),
  marketing(
    "Advertising",
    [ADVERTISING, SALES],
    1,
    "software",
    ["advertising technology", "ad measurement tools", "retail media software"],
    ["brands", "media buyers"],
  ),
  marketing(
    "Digital Marketing",
    [ADVERTISING, SALES],
    1,
    "software",
    ["digital marketing tools", "SEO software", "social media management tools"],
    ["agencies", "marketing teams"],
  ),
  marketing(
    "Marketing Automation",
    [ADVERTISING, SALES, SOFTWARE],
    0.6,
    "software",
    ["marketing automation", "lifecycle messaging tools"],
    ["growth teams", "e-commerce marketers"],
  ),
  marketing(
    "Sales Automation",
    [SALES, SOFTWARE],
    0.6,
    "software",
    ["sales automation", "sales engagement software", "revenue intelligence tools"],
    ["sales teams", "revenue teams"],
  ),
  marketing(
    "CRM",
    [SALES, SOFTWARE],
    0.6,
    "software",
    ["CRM software", "customer data platforms"],
    ["account managers", "B2B sales teams"],
  ),
  marketing(
    "Customer Service",
    [PROFESSIONAL],
    0.6,
    "software",
    ["customer service software", "help desk software", "live chat tools"],
    ["support teams", "contact centers"],
  ),
  // Hardware and devices
  devices(
    "Hardware",
    [HARDWARE],
    1.5,
    "product",
    ["hardware", "embedded systems", "test equipment"],
    ["engineers", "hardware teams"],
  ),
  devices(
    "Consumer Electronics",
    [ELECTRONICS, HARDWARE],
    0.5,
    "product",
    ["smart devices", "wireless earbuds", "smart home devices"],
    ["consumers", "tech enthusiasts"],
  ),
  devices(
    "Internet of Things",
    [INTERNET, HARDWARE],
    1.2,
    "product",
    ["connected sensors", "IoT platforms", "asset trackers"],
    ["facility managers", "industrial companies"],
  ),
  devices(
    "Augmented Reality",
    [HARDWARE, SOFTWARE],
    0.4,
    "software",
    ["augmented reality tools", "AR work instructions"],
    ["field technicians", "maintenance crews"],
  ),
  devices(
    "Virtual Reality",
    [HARDWARE, SOFTWARE],
    0.4,
    "software",
    ["virtual reality experiences", "VR training simulations"],
    ["training teams", "schools"],
  ),
  // Semiconductors and computing
  semiconductors(
    "Semiconductor",
    [HARDWARE, SCIENCE],
    0.8,
    "product",
    ["chips", "power semiconductors", "photonic chips"],
    ["device makers", "data centers", "carmakers"],
    "semiconductors",
  ),
  semiconductors(
    "Electronics",
    [ELECTRONICS, HARDWARE],
    0.6,
    "product",
    ["electronic components", "power electronics", "printed circuit boards"],
    ["device makers", "industrial manufacturers"],
  ),
  semiconductors(
    "Quantum Computing",
    [IT, SCIENCE],
    0.3,
    "product",
    ["quantum computers", "quantum processors"],
    ["research labs", "national labs"],
  ),
  // Robotics and manufacturing
  manufacturing(
    "Robotics",
    [HARDWARE, SCIENCE, SOFTWARE],
    1.5,
    "product",
    ["robots", "warehouse robots", "robotic arms"],
    ["warehouses", "manufacturers"],
  ),
  manufacturing(
    "Manufacturing",
    [MANUFACTURING],
    1.5,
    "software",
    ["manufacturing software", "factory analytics", "production planning software"],
    ["factories", "manufacturers", "plant managers"],
  ),
  manufacturing(
    "Industrial Automation",
    [MANUFACTURING, SCIENCE],
    0.6,
    "product",
    ["industrial automation", "machine monitoring systems", "automated inspection systems"],
    ["plant managers", "factories"],
  ),
  manufacturing(
    "3D Printing",
    [HARDWARE, MANUFACTURING, SCIENCE],
    0.3,
    "product",
    ["3D printers", "metal 3D printing", "additive manufacturing services"],
    ["manufacturers", "product designers"],
  ),
  // Aerospace and drones
  aerospace(
    "Aerospace",
    [SCIENCE, MANUFACTURING],
    0.5,
    "product",
    ["aircraft systems", "electric aircraft", "avionics"],
    ["airlines", "regional carriers"],
  ),
  aerospace(
    "Space Travel",
    [SCIENCE, TRANSPORTATION],
    0.3,
    "product",
    ["satellite systems", "small satellites", "launch services"],
    ["space agencies", "satellite operators"],
    "space technology",
  ),
  aerospace(
    "Drones",
    [HARDWARE, SCIENCE],
    0.3,
    "product",
    ["drones", "inspection drones", "autonomous drones"],
    ["inspection crews", "utilities", "energy companies"],
  ),
  // Vehicles and mobility
  mobility(
    "Transportation",
    [TRANSPORTATION],
    1,
    "app",
    ["mobility services", "ride-hailing", "shared e-scooters"],
    ["commuters", "city residents"],
  ),
  mobility(
    "Fleet Management",
    [TRANSPORTATION],
    0.4,
    "software",
    ["fleet management tools", "telematics software"],
    ["fleet operators", "trucking companies"],
  ),
  mobility(
    "Autonomous Vehicles",
    [TRANSPORTATION],
    0.4,
    "product",
    ["self-driving systems", "autonomous trucks"],
    ["carriers", "trucking companies"],
  ),
  mobility(
    "Electric Vehicle",
    [TRANSPORTATION],
    0.6,
    "product",
    ["electric vehicles", "EV charging networks", "electric delivery vans"],
    ["fleets", "delivery companies"],
    "electric vehicles",
  ),
  mobility(
    "Automotive",
    [TRANSPORTATION],
    0.6,
    "software",
    ["automotive software", "connected car software", "vehicle diagnostics"],
    ["carmakers", "auto suppliers"],
    "automotive technology",
  ),
  mobility(
    "Navigation",
    [NAVIGATION],
    0.2,
    "software",
    ["mapping tools", "routing software"],
    ["delivery fleets", "ride-hailing companies"],
  ),
  // Logistics and supply chain
  logistics(
    "Logistics",
    [TRANSPORTATION],
    2,
    "software",
    ["logistics software", "freight booking", "last-mile delivery software"],
    ["shippers", "freight forwarders", "retailers"],
  ),
  logistics(
    "Supply Chain Management",
    [TRANSPORTATION],
    1,
    "software",
    ["supply chain software", "inventory planning tools", "supplier visibility software"],
    ["logistics teams", "manufacturers", "consumer brands"],
  ),
  logistics(
    "Procurement",
    [ADMIN, PROFESSIONAL],
    0.4,
    "software",
    ["procurement software", "spend analytics", "supplier management tools"],
    ["purchasing teams", "finance teams"],
  ),
  // Energy
  energy(
    "Energy",
    [ENERGY],
    1,
    "software",
    ["energy software", "energy management systems"],
    ["utilities", "energy retailers", "commercial buildings"],
  ),
  energy(
    "Renewable Energy",
    [ENERGY, SUSTAINABILITY],
    1,
    "product",
    ["renewable energy projects", "wind and solar farms", "renewable power"],
    ["utilities", "corporate buyers"],
  ),
  energy(
    "Solar",
    [ENERGY, SUSTAINABILITY],
    0.5,
    "product",
    ["solar systems", "rooftop solar", "solar panels"],
    ["homeowners", "small businesses"],
    "solar power",
  ),
  energy(
    "Energy Storage",
    [ENERGY],
    0.5,
    "product",
    ["battery storage", "grid-scale storage", "thermal storage"],
    ["grid operators", "industrial sites"],
  ),
  energy(
    "Battery",
    [ENERGY],
    0.4,
    "product",
    ["battery cells", "solid-state batteries", "battery materials"],
    ["EV makers", "electronics makers"],
    "batteries",
  ),
  energy(
    "Clean Energy",
    [ENERGY, SUSTAINABILITY],
    0.6,
    "product",
    ["clean energy systems", "green hydrogen", "industrial heat pumps"],
    ["industrial sites", "manufacturers"],
  ),
  // Climate and sustainability
  climate(
    "CleanTech",
    [ENERGY, SUSTAINABILITY],
    0.6,
    "product",
    ["carbon reduction technology", "carbon capture systems", "low-carbon materials"],
    ["heavy industry", "industrial emitters"],
  ),
  climate(
    "GreenTech",
    [SUSTAINABILITY],
    0.4,
    "software",
    ["carbon accounting software", "ESG reporting tools", "emissions tracking"],
    ["sustainability teams", "mid-market companies"],
  ),
  climate(
    "Recycling",
    [SUSTAINABILITY],
    0.3,
    "product",
    ["recycling technology", "plastic recycling", "battery recycling"],
    ["municipalities", "manufacturers"],
  ),
  climate(
    "Water Purification",
    [NATURAL_RESOURCES, SUSTAINABILITY],
    0.2,
    "product",
    ["water treatment systems", "water filtration"],
    ["cities", "industrial plants"],
  ),
  // Agriculture
  agriculture(
    "Agriculture",
    [AGRICULTURE],
    0.6,
    "product",
    ["crop inputs", "biological fertilizers", "seed genetics"],
    ["farmers", "large farms"],
  ),
  agriculture(
    "AgTech",
    [AGRICULTURE, SCIENCE],
    0.6,
    "software",
    ["farm software", "precision farming tools", "crop monitoring"],
    ["growers", "agribusinesses"],
  ),
  // Real estate and construction
  realEstate(
    "Real Estate",
    [REAL_ESTATE],
    1.2,
    "service",
    ["real estate services", "home buying services", "online real estate brokerage"],
    ["home buyers", "first-time buyers"],
  ),
  realEstate(
    "PropTech",
    [REAL_ESTATE, SOFTWARE],
    0.8,
    "software",
    ["property software", "leasing software", "rent payment tools"],
    ["landlords", "real estate investors"],
  ),
  realEstate(
    "Property Management",
    [REAL_ESTATE],
    0.4,
    "software",
    ["property management tools", "building maintenance software"],
    ["property managers", "building owners"],
  ),
  realEstate(
    "Construction",
    [REAL_ESTATE],
    0.6,
    "software",
    ["construction software", "jobsite management tools", "estimating software"],
    ["general contractors", "subcontractors"],
  ),
  // Government
  government(
    "GovTech",
    [GOVERNMENT],
    0.4,
    "software",
    ["government software", "permitting software", "digital public services"],
    ["public agencies", "city governments"],
  ),
  // Travel, hospitality and events
  travel(
    "Travel",
    [TRAVEL],
    0.6,
    "app",
    ["travel booking", "corporate travel software", "travel expense tools"],
    ["business travelers", "travel managers"],
  ),
  travel(
    "Hospitality",
    [TRAVEL],
    0.4,
    "software",
    ["hospitality software", "hotel booking engines", "guest messaging tools"],
    ["hotels", "vacation rental hosts"],
  ),
  travel(
    "Events",
    [EVENTS],
    0.3,
    "software",
    ["event software", "ticketing tools", "event registration software"],
    ["event organizers", "venues"],
    "event technology",
  ),
  // Media and entertainment
  media(
    "Media and Entertainment",
    [MEDIA],
    1,
    "app",
    ["digital media", "streaming entertainment", "podcasts"],
    ["young audiences", "sports fans"],
  ),
  media(
    "Content Creators",
    [CONTENT, MEDIA],
    0.4,
    "app",
    ["creator tools", "creator monetization tools", "video editing apps"],
    ["creators", "influencers", "podcasters"],
    "the creator economy",
  ),
  media(
    "Video",
    [CONTENT, MEDIA, VIDEO],
    0.5,
    "software",
    ["video software", "video hosting", "video editing tools"],
    ["marketers", "media companies"],
  ),
  media(
    "Music",
    [MEDIA, MUSIC],
    0.3,
    "software",
    ["music software", "music distribution", "music licensing tools"],
    ["artists", "independent labels"],
  ),
  // Gaming
  gaming(
    "Gaming",
    [GAMING],
    0.8,
    "app",
    ["online games", "multiplayer games", "casual games"],
    ["players", "mobile gamers"],
  ),
  gaming(
    "Video Games",
    [GAMING, MEDIA],
    0.6,
    "app",
    ["mobile games", "console games", "PC games"],
    ["players", "casual gamers"],
  ),
  // Telecommunications
  telecom(
    "Telecommunications",
    [HARDWARE, MESSAGING],
    0.5,
    "software",
    ["network software", "network automation software", "private wireless networks"],
    ["carriers", "mobile operators", "enterprises"],
  ),
  telecom(
    "Messaging",
    [MESSAGING],
    0.3,
    "software",
    ["messaging APIs", "business messaging"],
    ["product teams", "customer support teams"],
  ),
];
